// Configuration checks that guard a real install: the signing secret's length (from the
// environment or DATA_DIR/.jwt-secret), where demo data is seeded, the first admin, where
// file bytes are kept.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'field-config-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  describe('the token signing secret', () => {
    it('refuses an empty or short .jwt-secret file with a clear message', async () => {
      for (const content of ['', '\n', 'short-secret']) {
        await writeFile(path.join(dataDir, '.jwt-secret'), content);
        expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(
          /\.jwt-secret holds a secret shorter than 32 bytes/,
        );
      }
    });

    it('makes a new secret when the file is missing, and keeps using it', async () => {
      const first = loadConfig({ DATA_DIR: dataDir });
      const stored = (await readFile(path.join(dataDir, '.jwt-secret'), 'utf8')).trim();
      expect(first.jwtSecret.byteLength).toBeGreaterThanOrEqual(32);
      expect(new TextDecoder().decode(first.jwtSecret)).toBe(stored);
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toEqual(first.jwtSecret);
    });

    it('refuses a JWT_SECRET shorter than 32 bytes, blanks included', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(31) })).toThrow(
        /JWT_SECRET must be at least 32 bytes/,
      );
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, JWT_SECRET: `${' '.repeat(20)}${'x'.repeat(20)}` }),
      ).toThrow(/JWT_SECRET must be at least 32 bytes/);
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toHaveLength(
        32,
      );
    });
  });

  describe('demo data', () => {
    const seedDemo = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env }).seedDemo;

    it('is seeded by the embedded default of npm start, on loopback', () => {
      expect(seedDemo({})).toBe(true);
      expect(seedDemo({ HOST: 'localhost' })).toBe(true);
      expect(seedDemo({ HOST: '::1' })).toBe(true);
    });

    it.each([
      ['HOST=0.0.0.0', { HOST: '0.0.0.0' }],
      ['a HOST of the network', { HOST: '192.168.1.20' }],
      ['HOST=::', { HOST: '::' }],
      ['an http PUBLIC_URL', { PUBLIC_URL: 'http://192.168.1.20:8080' }],
      ['an https PUBLIC_URL', { PUBLIC_URL: 'https://field.example.com' }],
      ['a trusted proxy (TLS in front, no PUBLIC_URL)', { TRUST_PROXY: '10.0.0.5' }],
      ['a trusted proxy on this machine', { TRUST_PROXY: '127.0.0.1' }],
      ['DATABASE_URL', { DATABASE_URL: 'postgres://db/field' }],
    ])('is not seeded with %s, unless SEED_DEMO=true', (_name, env) => {
      expect(seedDemo(env)).toBe(false);
      expect(seedDemo({ ...env, SEED_DEMO: 'true' })).toBe(true);
    });

    it('is never seeded with SEED_DEMO=false', () => {
      expect(seedDemo({ SEED_DEMO: 'false' })).toBe(false);
    });
  });

  describe('the first admin', () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });

    it('takes ADMIN_EMAIL with an ADMIN_PASSWORD of 12 characters or more', () => {
      expect(
        load({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'twelve chars' }).initialAdmin,
      ).toEqual({ email: 'boss@example.com', password: 'twelve chars' });
      expect(load({}).initialAdmin).toBeUndefined();
    });

    it('refuses a short password, a bad address, or one without the other', () => {
      expect(() => load({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' })).toThrow(
        /ADMIN_PASSWORD must be at least 12 characters/,
      );
      expect(() => load({ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'long enough pw' })).toThrow(
        /ADMIN_EMAIL must be an email address/,
      );
      expect(() => load({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(
        /ADMIN_EMAIL and ADMIN_PASSWORD are set together/,
      );
    });
  });

  it('takes registration open by default, and refuses domains without a proper domain', () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });
    expect(load({}).registration).toEqual({ mode: 'open', domains: [] });
    expect(() => load({ REGISTRATION: 'domains' })).toThrow(
      /REGISTRATION=domains needs REGISTRATION_DOMAINS/,
    );
    expect(() =>
      load({ REGISTRATION: 'domains', REGISTRATION_DOMAINS: 'example.com,not a domain' }),
    ).toThrow(/REGISTRATION_DOMAINS: names like example.com/);
    expect(() => load({ REGISTRATION: 'sometimes' })).toThrow(/REGISTRATION/);
    expect(
      load({ REGISTRATION: 'domains', REGISTRATION_DOMAINS: ' Example.COM , @other.org' })
        .registration,
    ).toEqual({ mode: 'domains', domains: ['example.com', 'other.org'] });
  });

  it('runs several server processes only on PostgreSQL', () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });
    expect(() => load({ WORKERS: '2' })).toThrow(/WORKERS above 1 needs DATABASE_URL/);
    expect(load({ WORKERS: '2', DATABASE_URL: 'postgres://db/field' }).workers).toBe(2);
    expect(load({}).workers).toBe(1);
  });

  it('takes the proxies in front as addresses and CIDRs, and refuses TRUST_PROXY=true', () => {
    const load = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: value });
    expect(load('10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback').trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(load('false').trustProxy).toBe(false);
    expect(() => load('true')).toThrow(/TRUST_PROXY=true would believe/);
    expect(() => load('2')).toThrow(/TRUST_PROXY=2 would believe/);
    expect(() => load('proxy.internal')).toThrow(/"proxy.internal" is not an address/);
    expect(() => load('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is not an address/);
  });

  describe('file storage', () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });
    const s3 = {
      FILE_STORAGE: 's3',
      S3_BUCKET: 'field-files',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('keeps files in DATA_DIR unless FILE_STORAGE=s3', () => {
      expect(load({}).fileStorage).toEqual({ kind: 'local' });
      // S3 settings alone do not move the files.
      expect(load({ S3_BUCKET: 'b' }).fileStorage).toEqual({ kind: 'local' });
    });

    it('takes the bucket, endpoint, region and credentials with FILE_STORAGE=s3', () => {
      expect(load(s3).fileStorage).toEqual({
        kind: 's3',
        bucket: 'field-files',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        prefix: 'field-app/',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret',
      });
      expect(
        load({
          ...s3,
          S3_ENDPOINT: 'http://127.0.0.1:9000/',
          S3_REGION: 'eu-west-3',
          S3_FORCE_PATH_STYLE: 'true',
        }).fileStorage,
      ).toMatchObject({
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-3',
        forcePathStyle: true,
      });
    });

    it('refuses FILE_STORAGE=s3 without a bucket or credentials, naming each one missing', () => {
      expect(() => load({ FILE_STORAGE: 's3' })).toThrow(
        /S3_BUCKET: S3_BUCKET is needed with FILE_STORAGE=s3\nS3_ACCESS_KEY_ID: .*\nS3_SECRET_ACCESS_KEY: /,
      );
      expect(() => load({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
        /^Invalid configuration:\nS3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is needed with FILE_STORAGE=s3$/,
      );
      expect(() => load({ ...s3, FILE_STORAGE: 'gcs' })).toThrow(/FILE_STORAGE/);
      expect(() => load({ ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
      expect(() => load({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    });

    it('puts S3_PREFIX before object keys: field-app/ unless set, none when set empty', () => {
      expect(load({ ...s3, S3_PREFIX: '/apps/field/' }).fileStorage).toMatchObject({
        prefix: 'apps/field/',
      });
      expect(load({ ...s3, S3_PREFIX: '' }).fileStorage).toMatchObject({ prefix: '' });
      for (const prefix of ['../other', 'a//b', 'with space']) {
        expect(() => load({ ...s3, S3_PREFIX: prefix }), prefix).toThrow(/S3_PREFIX/);
      }
    });
  });

  describe('access by home', () => {
    const load = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });

    it('is by staff list unless set company-wide, and refuses any other value by name', () => {
      expect(load({}).homeAccess).toBe('assigned');
      expect(load({ HOME_ACCESS: 'company' }).homeAccess).toBe('company');
      expect(() => load({ HOME_ACCESS: 'everyone' })).toThrow(
        /^Invalid configuration:\nHOME_ACCESS: HOME_ACCESS must be assigned or company$/,
      );
    });
  });
});
