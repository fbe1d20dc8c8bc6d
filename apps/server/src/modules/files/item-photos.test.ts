// Deleting a punch item releases its photos whoever took them: once the item is deleted,
// a user who may write items of its type may delete the item's photos; before that, or
// without that scope, only the uploader (or an admin) may.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixture, WALKS } from '../../test/fixture.js';
import { databasesAndFileStores } from '../../test/s3.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

const photo = { data: Buffer.from('a photo').toString('base64'), contentType: 'image/jpeg' };

describe.each(await databasesAndFileStores())(
  'photos of a deleted item on %s, bytes in %s',
  (dialect, files) => {
    let server: TestServer;
    let manager: ApiClient;
    let builder: ApiClient;
    let cs: ApiClient;
    beforeAll(async () => {
      server = await getTestServer(dialect, { files });
      await insertFixture(server);
      const client = async (group: string) =>
        server.client((await server.createUser({ scopes: [groupScope(group)] })).token);
      manager = await client('manager');
      builder = await client('builder');
      cs = await client('customerService');
    });
    afterAll(() => server.close());

    async function itemWithPhoto(id: string): Promise<string> {
      const path = `walkItems/${id}/f-${id}`;
      expect((await manager.post(`/files/${path}`, photo)).status).toBe(201);
      const item = await manager.post('/field_walks/item/submit', {
        id,
        Walk: 'final-punch',
        Category: 'Paint',
        Location: 'Hall',
        Name: `Item ${id}`,
        WalkID: WALKS.closingFinal,
        Photos: [{ collection: 'walkItems', key: `${id}/f-${id}` }],
      });
      expect(item.status).toBe(201);
      return path;
    }

    it('lets the user who deleted the item delete a photo someone else took', async () => {
      const path = await itemWithPhoto('photo-item-1');
      expect((await builder.delete(`/files/${path}`)).status).toBe(403);
      expect((await builder.delete('/field_walks/item/delete?id=photo-item-1')).status).toBe(200);
      expect((await builder.delete(`/files/${path}`)).status).toBe(200);
      expect((await manager.get(`/files/${path}`)).status).toBe(404);
    });

    it('still refuses a user who may not write items of that type', async () => {
      const path = await itemWithPhoto('photo-item-2');
      expect((await manager.delete('/field_walks/item/delete?id=photo-item-2')).status).toBe(200);
      expect((await cs.delete(`/files/${path}`)).status).toBe(403);
    });
  },
);
