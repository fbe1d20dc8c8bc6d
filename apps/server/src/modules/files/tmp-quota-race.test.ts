import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

describe.each(await availableDialects())('file quota, uploads at once, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect, { env: { FILE_QUOTA_BYTES: '1000' } });
  });
  afterAll(() => server.close());

  const of = (size: number) => ({ data: Buffer.alloc(size, 7).toString('base64') });

  it('holds a user within the quota when their uploads come side by side', async () => {
    const me = await server.createUser({ scopes: [groupScope('builder')] });
    const api = server.client(me.token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post(`/files/walkItems/q/p${i}.jpg`, of(400))),
    );
    const stored = answers.filter((a) => a.status === 201).length;
    const listed = await api.get<{ size: number }[]>('/files?folder=walkItems/q');
    const bytes = listed.body.reduce((sum, f) => sum + f.size, 0);
    expect({ stored, bytes }).toEqual({ stored: 2, bytes: 800 });
  });
});
