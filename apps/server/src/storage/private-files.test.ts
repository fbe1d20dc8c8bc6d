// What the server writes to disk is for the server's user only (private-files.ts): over
// real HTTP a reset mail goes to the outbox and a picture to the files folder, and then
// every file under DATA_DIR is 0600 and every folder 0700, the embedded database too.

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../test/databases.js';
import type { TestServer } from '../test/test-server.js';
import { getTestServer, groupScope } from '../test/test-server.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Every path under `dir` with its permission bits. */
async function modesUnder(dir: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes.set(path.relative(dir, full), (await stat(full)).mode & 0o777);
  }
  return modes;
}

describe.each(await availableDialects())('files the server writes on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect);
  });
  afterAll(() => server.close());

  it('are readable by the server user only: database, outbox mails, stored files', async () => {
    const me = await server.createUser({ scopes: [groupScope('builder')] });
    await server.client().post('/auth/forgot-password', { email: me.email });
    const upload = await server
      .client(me.token)
      .post('/users/profilePicture', { userId: me.id, file: `data:image/png;base64,${PNG}` });
    expect(upload.status).toBe(200);
    const outbox = path.join(server.dataDir, 'outbox');
    for (let i = 0; i < 200 && (await readdir(outbox).catch(() => [])).length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const modes = await modesUnder(server.dataDir);
    const names = [...modes.keys()];
    expect(names.some((n) => n.startsWith('outbox/') && n.endsWith('.eml'))).toBe(true);
    expect(names).toContain(`files/users/${me.id}/profilePicture`);
    if (dialect === 'sqlite') expect(names).toContain('field-app.sqlite');
    const loose = [...modes].filter(([name, mode]) => {
      const isDir = ['outbox', 'files', 'files/users', `files/users/${me.id}`].includes(name);
      return mode !== (isDir ? 0o700 : 0o600);
    });
    expect(loose.map(([name, mode]) => `${name} ${mode.toString(8)}`)).toEqual([]);
  });
});
