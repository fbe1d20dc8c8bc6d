// File bytes in a bucket shared with other applications (docs/configuration.md, S3_PREFIX),
// over real HTTP against the local S3 test server on each database: every object the
// field app writes is under its prefix, so an upload never overwrites another
// application's object of the same path, and a download never serves one.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../test/databases.js';
import { availableFileStores } from '../test/s3.js';
import type { ApiClient, TestServer } from '../test/test-server.js';
import { getTestServer, groupScope } from '../test/test-server.js';

const withS3 = (await availableFileStores()).includes('s3') ? await availableDialects() : [];

describe.each(withS3)('a shared bucket on %s', (dialect) => {
  let server: TestServer;
  let builder: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect, { files: 's3', env: { S3_PREFIX: 'apps/field/' } });
    builder = server.client((await server.createUser({ scopes: [groupScope('builder')] })).token);
  });
  afterAll(() => server.close());

  it("keeps every object under S3_PREFIX and leaves another application's objects alone", async () => {
    const s3 = server.s3;
    if (s3 === undefined) throw new Error('started without S3');
    await s3.put('walkItems/item-1/photo.jpg', "another application's object");
    const upload = await builder.post('/files/walkItems/item-1/photo.jpg', {
      data: Buffer.from('the field photo').toString('base64'),
      contentType: 'image/jpeg',
    });
    expect(upload.status).toBe(201);
    expect(await s3.text('walkItems/item-1/photo.jpg')).toBe("another application's object");
    expect(await s3.text('apps/field/walkItems/item-1/photo.jpg')).toBe('the field photo');
    expect((await builder.get('/files/walkItems/item-1/photo.jpg')).body).toBe('the field photo');
    expect((await builder.delete('/files/walkItems/item-1/photo.jpg')).status).toBe(200);
    expect(await s3.keys()).toEqual(['walkItems/item-1/photo.jpg']);
  });
});

describe.each(withS3)('the default prefix on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect, { files: 's3' });
  });
  afterAll(() => server.close());

  it('keeps objects under field-app/ when S3_PREFIX is not set', async () => {
    const admin = server.client(
      (await server.createUser({ scopes: [groupScope('manager')] })).token,
    );
    const upload = await admin.post('/files/walkItems/item-2/photo.jpg', {
      data: Buffer.from('x').toString('base64'),
    });
    expect(upload.status).toBe(201);
    expect(await server.s3?.keys()).toEqual(['field-app/walkItems/item-2/photo.jpg']);
  });
});
