// File storage at collection/key over real HTTP, with the bytes in the local folder and
// in S3: upload, download, folder listing, delete, the spec's messages, and who may touch
// what.

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesAndFileStores } from '../../test/s3.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';
import { INITIAL_SCOPE } from '@field/domain';

const PHOTO = Buffer.from('\x89PNG\r\n\x1a\nnot really a png but bytes all the same');

describe.each(await databasesAndFileStores())('files on %s, bytes in %s', (dialect, files) => {
  let server: TestServer;
  let builder: ApiClient;
  let builderId: string;
  let pending: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect, { files });
    const user = await server.createUser({ scopes: [groupScope('builder')] });
    builder = server.client(user.token);
    builderId = user.id;
    pending = server.client((await server.createUser({ scopes: [INITIAL_SCOPE] })).token);
  });
  afterAll(() => server.close());

  it('stores bytes at collection/key, serves them back, lists and deletes them', async () => {
    const upload = await builder.post('/files/walkItems/item-1/photo-1.png', {
      data: PHOTO.toString('base64'),
      contentType: 'image/png',
    });
    expect(upload).toMatchObject({
      status: 201,
      body: {
        collection: 'walkItems',
        key: 'item-1/photo-1.png',
        size: PHOTO.length,
        contentType: 'image/png',
      },
    });
    await builder.post('/files/walkItems/item-1/photo-2.png', {
      data: `data:image/png;base64,${PHOTO.toString('base64')}`,
    });

    const download = await fetch(`${server.url}/api/files/walkItems/item-1/photo-1.png`, {
      headers: {
        authorization: `Bearer ${(await server.createUser({ scopes: [groupScope('manager')] })).token}`,
      },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PHOTO)).toBe(true);

    const listing = await builder.get<{ key: string }[]>('/files?folder=walkItems/item-1');
    expect(listing.body.map((f) => f.key)).toEqual(['item-1/photo-1.png', 'item-1/photo-2.png']);

    expect((await builder.delete('/files/walkItems/item-1/photo-1.png')).status).toBe(200);
    const gone = await builder.get('/files/walkItems/item-1/photo-1.png');
    expect(gone).toMatchObject({
      status: 404,
      body: { error: 'The requested file could not be found. It may have been deleted or moved.' },
    });
    expect((await builder.delete('/files/walkItems/item-1/photo-1.png')).status).toBe(404);
  });

  it('keeps the bytes where FILE_STORAGE says, and nowhere else', async () => {
    const upload = await builder.post('/files/walkItems/where/file.bin', {
      data: PHOTO.toString('base64'),
    });
    expect(upload.status).toBe(201);
    const inDataDir = await stat(path.join(server.dataDir, 'files', 'walkItems', 'where')).then(
      () => true,
      () => false,
    );
    expect(inDataDir).toBe(files === 'local');
    if (server.s3 !== undefined) {
      expect(await server.s3.keys()).toContain('field-app/walkItems/where/file.bin');
    }
  });

  it.each(['walkItems', 'walkItems/../secrets', '..%2F..%2Fetc/passwd', 'a//b'])(
    'refuses the path %s',
    async (path) => {
      const res = await builder.post(`/files/${path}`, { data: PHOTO.toString('base64') });
      expect([400, 404]).toContain(res.status);
    },
  );

  it('keeps profile pictures to their owner', async () => {
    const own = await builder.post(`/files/users/${builderId}/profilePicture`, {
      data: PHOTO.toString('base64'),
      contentType: 'image/jpeg',
    });
    expect(own.status).toBe(201);
    const other = await builder.post('/files/users/someone-else/profilePicture', {
      data: PHOTO.toString('base64'),
    });
    expect(other.status).toBe(403);
  });

  it('gives a pending user no file access', async () => {
    expect(
      (await pending.post('/files/walkItems/x/y.png', { data: PHOTO.toString('base64') })).status,
    ).toBe(403);
    expect((await pending.get('/files?folder=walkItems')).status).toBe(403);
  });

  it('answers an upload over the size limit with 413', async () => {
    const small = await getTestServer(dialect, { files });
    try {
      const token = (await small.createUser({ scopes: [groupScope('builder')] })).token;
      const big = Buffer.alloc(31 * 1024 * 1024).toString('base64');
      const res = await small.client(token).post('/files/walkItems/big/file.bin', { data: big });
      expect(res).toMatchObject({ status: 413, body: { error: 'The request is too large' } });
    } finally {
      await small.close();
    }
  });
});
