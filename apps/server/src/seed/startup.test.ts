// What a server puts into an empty database at start, per configuration, on each
// available database: the demo company only where it is meant, the first admin from the
// environment, and then who can sign in over HTTP.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { availableDialects } from '../test/databases.js';
import type { TestServer } from '../test/test-server.js';
import { getTestServer } from '../test/test-server.js';
import { createAdmin } from './admin.js';
import { parseCreateAdminArgs } from './create-admin.js';
import { demoExposureWarning, prepareStartupData } from './startup.js';

const SECRET = 'x'.repeat(32);
const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-password' };

describe.each(await availableDialects())('start-up data on %s', (dialect) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await getTestServer(dialect);
  });
  afterEach(() => server.close());

  const configOf = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: server.dataDir, JWT_SECRET: SECRET, ...env });
  const signIn = async (credentials: { email: string; password: string }) =>
    (await server.client().post('/auth/login', credentials)).status;
  const userCount = async () => (await server.db.selectFrom('users').select('id').execute()).length;

  it('seeds the demo company and its accounts for the embedded default', async () => {
    const config = configOf({});
    const result = await prepareStartupData(server.db, config, { demoHomes: 2 });
    expect(result).toMatchObject({ seeded: true, adminCreated: false, adminMissing: false });
    expect(result.demoAccounts).toContain(DEMO_ADMIN.email);
    expect(await signIn(DEMO_ADMIN)).toBe(200);
    // Only this machine reaches it: nothing to warn about.
    expect(demoExposureWarning(config, result.demoAccounts)).toEqual([]);
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'postgres://db.example/field' }],
    ['HOST=0.0.0.0', { HOST: '0.0.0.0' }],
    ['an http PUBLIC_URL', { PUBLIC_URL: 'http://field.example.com' }],
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://field.example.com' }],
    ['a trusted proxy', { TRUST_PROXY: '127.0.0.1' }],
  ])('seeds nothing with %s: no known password', async (_name, env) => {
    const result = await prepareStartupData(server.db, configOf(env), { demoHomes: 2 });
    expect(result).toEqual({
      seeded: false,
      adminCreated: false,
      adminMissing: true,
      demoAccounts: [],
    });
    expect(await userCount()).toBe(0);
    expect(await signIn(DEMO_ADMIN)).toBe(401);
  });

  it('seeds the demo with DATABASE_URL when SEED_DEMO=true', async () => {
    const config = configOf({ DATABASE_URL: 'postgres://db.example/field', SEED_DEMO: 'true' });
    expect((await prepareStartupData(server.db, config, { demoHomes: 2 })).seeded).toBe(true);
    expect(await signIn(DEMO_ADMIN)).toBe(200);
  });

  it('warns, naming the accounts, when demo accounts are reachable from other machines', async () => {
    // Seeded earlier on loopback, now started on every address.
    await prepareStartupData(server.db, configOf({}), { demoHomes: 2 });
    const exposed = configOf({ HOST: '0.0.0.0' });
    const again = await prepareStartupData(server.db, exposed);
    expect(again.seeded).toBe(false);
    const warning = demoExposureWarning(exposed, again.demoAccounts).join('\n');
    expect(warning).toMatch(/WARNING: this server is reachable from other machines/);
    expect(warning).toContain(DEMO_ADMIN.email);
    expect(warning).toContain('HOST=127.0.0.1');
  });

  it('makes the admin of ADMIN_EMAIL once, while no admin exists', async () => {
    const env = {
      DATABASE_URL: 'postgres://db.example/field',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'a long admin password',
    };
    expect(await prepareStartupData(server.db, configOf(env))).toEqual({
      seeded: false,
      adminCreated: true,
      adminMissing: false,
      demoAccounts: [],
    });
    expect(await signIn({ email: 'boss@example.com', password: 'a long admin password' })).toBe(
      200,
    );
    const login = await server
      .client()
      .post<{ accessToken: string; user: { scopes: unknown } }>('/auth/login', {
        email: 'boss@example.com',
        password: 'a long admin password',
      });
    expect(login.body.user.scopes).toEqual([
      { value: 'admin', approved: true, group: false, read: true, write: true },
    ]);
    expect((await server.client(login.body.accessToken).get('/admin/users')).status).toBe(200);

    // A later start with another password changes nothing.
    const again = await prepareStartupData(
      server.db,
      configOf({ ...env, ADMIN_PASSWORD: 'another admin password' }),
    );
    expect(again.adminCreated).toBe(false);
    expect(await signIn({ email: 'boss@example.com', password: 'another admin password' })).toBe(
      401,
    );
    expect(await userCount()).toBe(1);
  });

  it('never turns an account someone registered into the admin', async () => {
    const registered = await server.client().post('/auth/register', {
      email: 'boss@example.com',
      password: 'the squatter password',
      firstName: 'Not',
      lastName: 'Boss',
    });
    expect(registered.status).toBe(201);
    await expect(
      prepareStartupData(
        server.db,
        configOf({
          DATABASE_URL: 'postgres://db.example/field',
          ADMIN_EMAIL: 'boss@example.com',
          ADMIN_PASSWORD: 'a long admin password',
        }),
      ),
    ).rejects.toThrow('An account with the address boss@example.com exists already');
  });

  it('create-admin makes an admin, and refuses a short password or a taken address', async () => {
    await createAdmin(server.db, { email: 'ops@example.com', password: 'twelve chars' });
    expect(await signIn({ email: 'ops@example.com', password: 'twelve chars' })).toBe(200);
    await expect(
      createAdmin(server.db, { email: 'short@example.com', password: 'elevenchars' }),
    ).rejects.toThrow('at least 12 characters');
    await expect(
      createAdmin(server.db, { email: 'ops@example.com', password: 'twelve chars' }),
    ).rejects.toThrow('exists already');
  });
});

describe('create-admin arguments', () => {
  it('needs --email and takes the names', () => {
    expect(parseCreateAdminArgs(['--email', 'a@b.test', '--first-name', 'Ada'])).toEqual({
      email: 'a@b.test',
      firstName: 'Ada',
      lastName: undefined,
      help: false,
    });
    expect(() => parseCreateAdminArgs([])).toThrow('--email is required');
    expect(() => parseCreateAdminArgs(['--email', 'a@b.test', '--password', 'x'])).toThrow(
      /Unknown option '--password'/,
    );
  });
});
