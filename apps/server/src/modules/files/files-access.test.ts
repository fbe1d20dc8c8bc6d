// Who may touch a stored file, over real HTTP on each database and file store: the file's
// owner and an admin may replace or delete it, other field users (customer service
// included) may only read it or store new files, and a pending (unapproved) user may
// store nothing but their own profile picture.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_SCOPE } from '@field/domain';
import { databasesAndFileStores } from '../../test/s3.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

const NOT_OWNER =
  'Only the person who uploaded this file or an administrator can replace or delete it';
const FORBIDDEN = 'You do not have permission to do this';

type Actor = 'owner' | 'otherField' | 'customerService' | 'admin' | 'pending';
type Action = 'uploadNew' | 'overwrite' | 'delete' | 'download';

// The status each actor gets for each action on an item photo a manager uploaded.
const MATRIX: Record<Actor, Record<Action, number>> = {
  owner: { uploadNew: 201, overwrite: 201, delete: 200, download: 200 },
  otherField: { uploadNew: 201, overwrite: 403, delete: 403, download: 200 },
  customerService: { uploadNew: 201, overwrite: 403, delete: 403, download: 200 },
  admin: { uploadNew: 201, overwrite: 201, delete: 200, download: 200 },
  pending: { uploadNew: 403, overwrite: 403, delete: 403, download: 403 },
};

const ACTORS: Actor[] = ['owner', 'otherField', 'customerService', 'admin', 'pending'];
const ACTIONS: Action[] = ['uploadNew', 'overwrite', 'delete', 'download'];
const CASES = ACTORS.flatMap((actor) =>
  ACTIONS.map((action) => [actor, action, MATRIX[actor][action]] as const),
);

const bytes = (text: string): Buffer => Buffer.from(text);
const upload = (data: Buffer, contentType = 'image/jpeg') => ({
  data: data.toString('base64'),
  contentType,
});

describe.each(await databasesAndFileStores())(
  'file ownership on %s, bytes in %s',
  (dialect, files) => {
    let server: TestServer;
    let clients: Record<Actor, ApiClient>;
    let ids: Record<Actor, string>;
    let n = 0;
    const freshPath = (): string => {
      n += 1;
      return `walkItems/item-${n}/photo-${n}.jpg`;
    };
    let ownerToken: string;
    const download = async (path: string) => {
      const res = await fetch(`${server.url}/api/files/${path}`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };

    beforeAll(async () => {
      server = await getTestServer(dialect, { files });
      const made = {
        owner: await server.createUser({ scopes: [groupScope('manager')] }),
        otherField: await server.createUser({ scopes: [groupScope('builder')] }),
        customerService: await server.createUser({ scopes: [groupScope('customerService')] }),
        admin: await server.createUser({ scopes: [singleScope('admin')] }),
        pending: await server.createUser({ scopes: [INITIAL_SCOPE] }),
      };
      clients = {
        owner: server.client(made.owner.token),
        otherField: server.client(made.otherField.token),
        customerService: server.client(made.customerService.token),
        admin: server.client(made.admin.token),
        pending: server.client(made.pending.token),
      };
      ids = {
        owner: made.owner.id,
        otherField: made.otherField.id,
        customerService: made.customerService.id,
        admin: made.admin.id,
        pending: made.pending.id,
      };
      ownerToken = made.owner.token;
    });
    afterAll(() => server.close());

    it.each(CASES)('%s: %s answers %i', async (actor, action, status) => {
      const client = clients[actor];
      const path = freshPath();
      const original = bytes(`the manager's photo ${path}`);
      if (action !== 'uploadNew') {
        expect((await clients.owner.post(`/files/${path}`, upload(original))).status).toBe(201);
      }
      const replacement = bytes(`replaced by ${actor}`);
      const res =
        action === 'uploadNew' || action === 'overwrite'
          ? await client.post(`/files/${path}`, upload(replacement))
          : action === 'delete'
            ? await client.delete(`/files/${path}`)
            : await client.get(`/files/${path}`);
      expect(res.status).toBe(status);
      if (status === 403) {
        expect(res.body).toEqual({ error: actor === 'pending' ? FORBIDDEN : NOT_OWNER });
      }

      // What the owner sees afterwards.
      const after = await download(path);
      if (action === 'uploadNew') {
        expect(after.status).toBe(status === 201 ? 200 : 404);
        if (status === 201) expect(after.bytes.equals(replacement)).toBe(true);
      } else if (action === 'overwrite') {
        expect(after.bytes.equals(status === 201 ? replacement : original)).toBe(true);
      } else if (action === 'delete') {
        expect(after.status).toBe(status === 200 ? 404 : 200);
      } else {
        expect(after.bytes.equals(original)).toBe(true);
        if (status === 200) expect(Buffer.from(String(res.body)).equals(original)).toBe(true);
      }
    });

    it('keeps the owner when an admin replaces a file, and lets the owner replace it again', async () => {
      const path = freshPath();
      expect((await clients.owner.post(`/files/${path}`, upload(bytes('v1')))).status).toBe(201);
      expect((await clients.admin.post(`/files/${path}`, upload(bytes('v2')))).status).toBe(201);
      expect((await clients.otherField.post(`/files/${path}`, upload(bytes('v3')))).status).toBe(
        403,
      );
      expect((await clients.owner.post(`/files/${path}`, upload(bytes('v4')))).status).toBe(201);
      expect((await download(path)).bytes.toString()).toBe('v4');
    });

    it('lets the owner send the same upload again after a lost answer', async () => {
      const path = freshPath();
      const body = upload(bytes('same photo'));
      expect((await clients.owner.post(`/files/${path}`, body)).status).toBe(201);
      const again = await clients.owner.post(`/files/${path}`, body);
      expect(again).toMatchObject({ status: 201, body: { path, size: 10 } });
      const keyed = { 'idempotency-key': `upload-${path}` };
      expect((await clients.owner.post(`/files/${path}`, body, keyed)).status).toBe(201);
      expect((await clients.owner.post(`/files/${path}`, body, keyed)).status).toBe(201);
    });

    it('lets a pending user store their own profile picture and nothing else', async () => {
      const me = ids.pending;
      const pending = clients.pending;
      const picture = upload(bytes('me'), 'image/png');
      expect((await pending.post(`/files/users/${me}/profilePicture`, picture)).status).toBe(201);
      const viaProfile = await pending.post('/users/profilePicture', {
        userId: me,
        file: picture.data,
        contentType: 'image/png',
      });
      expect(viaProfile.status).toBe(200);
      expect((await pending.get(`/files/users/${me}/profilePicture`)).status).toBe(200);

      for (const path of [`users/${me}/big-1.bin`, `users/${me}/x/profilePicture`]) {
        expect(await pending.post(`/files/${path}`, upload(bytes('x')))).toMatchObject({
          status: 403,
          body: { error: 'Only a profile picture can be stored in a user folder' },
        });
      }
      expect((await pending.post('/files/walkItems/x/y.jpg', upload(bytes('x')))).status).toBe(403);
      expect((await pending.post(`/files/users/${ids.owner}/profilePicture`, picture)).status).toBe(
        403,
      );
    });

    it("keeps a user's picture theirs when an admin set it", async () => {
      const target = ids.otherField;
      expect(
        (
          await clients.admin.post('/users/profilePicture', {
            userId: target,
            file: bytes('by admin').toString('base64'),
            contentType: 'image/png',
          })
        ).status,
      ).toBe(200);
      const own = await clients.otherField.post(
        `/files/users/${target}/profilePicture`,
        upload(bytes('by me'), 'image/png'),
      );
      expect(own.status).toBe(201);
      expect(
        (await clients.otherField.delete(`/files/users/${target}/profilePicture`)).status,
      ).toBe(200);
    });
  },
);
