// Inputs that once answered 500, and what a download says about itself, over real HTTP on
// each database and file store: large and malformed base64, a file where a folder is, content types
// with line breaks, the per-user quota, and the headers that keep a stored file from
// running as a page of this origin.

import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesAndFileStores } from '../../test/s3.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

const INVALID_BASE64 = 'Invalid or empty Base64 string';
const CONFLICT = 'A file and a folder cannot have the same path. Choose another file name.';
const QUOTA =
  'Your file storage is full. Delete files you no longer need or ask an administrator for more space.';

/** Every file under `dir`, recursively, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(await databasesAndFileStores())(
  'file limits on %s, bytes in %s',
  (dialect, files) => {
    let server: TestServer;
    let builder: ApiClient;
    let token: string;
    beforeAll(async () => {
      server = await getTestServer(dialect, { files });
      token = (await server.createUser({ scopes: [groupScope('builder')] })).token;
      builder = server.client(token);
    });
    afterAll(() => server.close());

    const download = (file: string) =>
      fetch(`${server.url}/api/files/${file}`, { headers: { authorization: `Bearer ${token}` } });

    it('stores a 20 MB upload and serves it back byte for byte', async () => {
      const big = randomBytes(20 * 1024 * 1024);
      const res = await builder.post('/files/walkItems/big/scan.jpg', {
        data: big.toString('base64'),
        contentType: 'image/jpeg',
      });
      expect(res).toMatchObject({ status: 201, body: { size: big.length } });
      const back = await download('walkItems/big/scan.jpg');
      expect(back.status).toBe(200);
      expect(Buffer.from(await back.arrayBuffer()).equals(big)).toBe(true);
    });

    it.each([
      ['not base64', '%%%'],
      ['a stray character', 'QUJD!'],
      ['a length no encoder makes', 'QUJDR'],
      ['padding in the middle', 'QQ=Q'],
      ['the URL-safe alphabet', '-_-_'],
      ['a data URL that is not base64', 'data:image/png,QUJD'],
      ['8 MB with one bad character at the end', `${'QUJD'.repeat(2_000_000)}!`],
    ])('answers %s with the spec message', async (_label, data) => {
      const res = await builder.post('/files/walkItems/bad/file.bin', { data });
      expect(res).toMatchObject({ status: 400, body: { error: INVALID_BASE64 } });
    });

    it('accepts base64 without padding, with line breaks, or as a data URL', async () => {
      for (const data of ['QUI', 'QUJD\r\nREVG', 'data:text/plain;base64,QUJD']) {
        const res = await builder.post('/files/walkItems/ok/file.bin', { data });
        expect(res.status).toBe(201);
      }
      const back = await download('walkItems/ok/file.bin');
      expect(await back.text()).toBe('ABC');
    });

    it('answers 409 for a file where a folder is, and a file inside a file, and leaves no .tmp', async () => {
      const data = Buffer.from('x').toString('base64');
      expect((await builder.post('/files/walkItems/a/b/c.jpg', { data })).status).toBe(201);
      expect(await builder.post('/files/walkItems/a/b', { data })).toMatchObject({
        status: 409,
        body: { error: CONFLICT },
      });
      expect((await builder.post('/files/walkItems/f.jpg', { data })).status).toBe(201);
      expect(await builder.post('/files/walkItems/f.jpg/inside.jpg', { data })).toMatchObject({
        status: 409,
        body: { error: CONFLICT },
      });
      expect((await builder.get('/files/walkItems/a/b')).status).toBe(404);
      expect((await builder.get('/files/walkItems/f.jpg/inside.jpg')).status).toBe(404);
      expect((await download('walkItems/a/b/c.jpg')).status).toBe(200);
      if (server.s3 === undefined) {
        const stored = await filesUnder(path.join(server.dataDir, 'files'));
        expect(stored.filter((f) => f.endsWith('.tmp'))).toEqual([]);
      } else {
        // A refused write puts nothing in the bucket.
        const keys = await server.s3.keys();
        expect(keys).toContain('field-app/walkItems/a/b/c.jpg');
        expect(keys).not.toContain('field-app/walkItems/a/b');
        expect(keys).not.toContain('field-app/walkItems/f.jpg/inside.jpg');
      }
    });

    it('lets a file take the path of a folder emptied by deletes', async () => {
      const data = Buffer.from('x').toString('base64');
      expect((await builder.post('/files/walkItems/gone/one/two.jpg', { data })).status).toBe(201);
      expect((await builder.delete('/files/walkItems/gone/one/two.jpg')).status).toBe(200);
      expect((await builder.post('/files/walkItems/gone/one', { data })).status).toBe(201);
    });

    it('refuses a content type that is not a plain MIME type', async () => {
      const data = Buffer.from('x').toString('base64');
      for (const contentType of [
        'image/png\r\nX-Injected: 1',
        'image/png\n',
        'text',
        'image/png; charset="a\rb"',
        42,
      ]) {
        const res = await builder.post('/files/walkItems/ct/file.png', { data, contentType });
        expect(res).toMatchObject({
          status: 400,
          body: { error: 'Invalid content type: use a MIME type such as image/jpeg' },
        });
      }
      const ok = await builder.post('/files/walkItems/ct/file.txt', {
        data,
        contentType: 'text/plain; charset=utf-8',
      });
      expect(ok.status).toBe(201);
      // An empty type (a browser's File.type when it does not know) means "not given".
      const untyped = await builder.post('/files/walkItems/ct/file.bin', { data, contentType: '' });
      expect(untyped).toMatchObject({
        status: 201,
        body: { contentType: 'application/octet-stream' },
      });
    });

    it('refuses a quoted content-type parameter beyond visible ASCII, so no download answers 500', async () => {
      const data = Buffer.from('x').toString('base64');
      for (const [file, contentType] of [
        ['wide.txt', 'text/plain; charset="\u20ac"'],
        ['latin.txt', 'text/plain; name="caf\u00e9"'],
        ['control.txt', 'text/plain; name="a\u0085b"'],
      ] as const) {
        const res = await builder.post(`/files/walkItems/wide/${file}`, { data, contentType });
        expect(res).toMatchObject({
          status: 400,
          body: { error: 'Invalid content type: use a MIME type such as image/jpeg' },
        });
        expect((await download(`walkItems/wide/${file}`)).status).toBe(404);
      }
      const quoted = await builder.post('/files/walkItems/wide/ok.txt', {
        data,
        contentType: 'text/plain; name="a b.txt"',
      });
      expect(quoted.status).toBe(201);
      // A row stored before the rule: served as plain bytes, not a 500.
      await server.db
        .updateTable('files')
        .set({ content_type: 'text/plain; charset="\u20ac"' })
        .where('collection', '=', 'walkItems')
        .where('key', '=', 'wide/ok.txt')
        .execute();
      const res = await download('walkItems/wide/ok.txt');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
    });

    it('serves a file whose stored content type has a line break, as a download', async () => {
      const data = Buffer.from('old').toString('base64');
      expect((await builder.post('/files/walkItems/legacy/file.png', { data })).status).toBe(201);
      // A row stored before content types were checked.
      await server.db
        .updateTable('files')
        .set({ content_type: 'image/png\r\nSet-Cookie: x=1' })
        .where('collection', '=', 'walkItems')
        .where('key', '=', 'legacy/file.png')
        .execute();
      const res = await download('walkItems/legacy/file.png');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).toBe('old');
    });

    it.each([
      ['image/png', 'image/png', 'inline'],
      ['image/jpeg', 'image/jpeg', 'inline'],
      ['application/pdf', 'application/pdf', 'attachment'],
      ['text/html', 'application/octet-stream', 'attachment'],
      ['text/html; charset=utf-8', 'application/octet-stream', 'attachment'],
      ['image/svg+xml', 'application/octet-stream', 'attachment'],
      ['application/xhtml+xml', 'application/octet-stream', 'attachment'],
      ['text/xml', 'application/octet-stream', 'attachment'],
      ['application/javascript', 'application/octet-stream', 'attachment'],
      ['text/javascript', 'application/octet-stream', 'attachment'],
      ['IMAGE/SVG+XML', 'application/octet-stream', 'attachment'],
    ])('serves %s as %s, %s', async (stored, served, disposition) => {
      const name = `${stored.replace(/[^a-z]/gi, '-')}.bin`;
      const data = Buffer.from('<script>alert(1)</script>').toString('base64');
      expect(
        (await builder.post(`/files/walkItems/types/${name}`, { data, contentType: stored }))
          .status,
      ).toBe(201);
      const res = await download(`walkItems/types/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(served);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(
        `${disposition}; filename="${name}"; filename*=UTF-8''${name}`,
      );
    });

    it.each([
      [
        'a key longer than the table holds',
        `walkItems/${'k'.repeat(150)}/${'k'.repeat(150)}/${'k'.repeat(150)}`,
      ],
      ['a collection longer than the table holds', `${'c'.repeat(101)}/file.jpg`],
    ])('refuses %s with 400', async (_label, file) => {
      const data = Buffer.from('x').toString('base64');
      expect(await builder.post(`/files/${file}`, { data })).toMatchObject({
        status: 400,
        body: {
          error: 'Invalid file path: use collection/key with letters, digits, ".", "_" and "-"',
        },
      });
    });

    it('answers a file whose bytes are gone with 404', async () => {
      const data = Buffer.from('x').toString('base64');
      expect((await builder.post('/files/walkItems/lost/file.jpg', { data })).status).toBe(201);
      await server.db
        .insertInto('files')
        .values({
          collection: 'walkItems',
          key: 'lost/never-written.jpg',
          content_type: 'image/jpeg',
          size: 1,
          sha256: '0'.repeat(64),
          owner_id: 'nobody',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      expect(await builder.get('/files/walkItems/lost/never-written.jpg')).toMatchObject({
        status: 404,
        body: {
          error: 'The requested file could not be found. It may have been deleted or moved.',
        },
      });
    });
  },
);

describe.each(await databasesAndFileStores())('file quota on %s, bytes in %s', (dialect, files) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect, { files, env: { FILE_QUOTA_BYTES: '1000' } });
  });
  afterAll(() => server.close());

  const of = (size: number) => ({ data: Buffer.alloc(size, 7).toString('base64') });

  it('refuses what would take a user over their quota, counting replaced files once', async () => {
    const me = await server.createUser({ scopes: [groupScope('builder')] });
    const api = server.client(me.token);
    expect((await api.post('/files/walkItems/q/one.jpg', of(600))).status).toBe(201);
    expect(await api.post('/files/walkItems/q/two.jpg', of(600))).toMatchObject({
      status: 413,
      body: { error: QUOTA },
    });
    expect((await api.get('/files/walkItems/q/two.jpg')).status).toBe(404);
    // Replacing a file counts its new size instead of its old one.
    expect((await api.post('/files/walkItems/q/one.jpg', of(900))).status).toBe(201);
    expect(
      await api.post('/users/profilePicture', {
        userId: me.id,
        file: Buffer.alloc(200).toString('base64'),
        contentType: 'image/png',
      }),
    ).toMatchObject({ status: 413, body: { error: QUOTA } });
    expect((await api.delete('/files/walkItems/q/one.jpg')).status).toBe(200);
    expect((await api.post('/files/walkItems/q/two.jpg', of(600))).status).toBe(201);

    // Another user's files count against their own quota only.
    const other = server.client(
      (await server.createUser({ scopes: [groupScope('builder')] })).token,
    );
    expect((await other.post('/files/walkItems/q/three.jpg', of(900))).status).toBe(201);
  });

  it('holds a user within their quota when their uploads come side by side', async () => {
    // Each upload read what the user held before the others had stored theirs: on
    // PostgreSQL six uploads at once all passed a quota with room for two.
    const me = await server.createUser({ scopes: [groupScope('builder')] });
    const api = server.client(me.token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post(`/files/walkItems/side/p${i}.jpg`, of(400))),
    );
    const stored = answers.filter((a) => a.status === 201).length;
    const listed = await api.get<{ size: number }[]>('/files?folder=walkItems/side');
    const bytes = listed.body.reduce((sum, f) => sum + f.size, 0);
    expect({ stored, bytes }).toEqual({ stored: 2, bytes: 800 });
  });
});
