// Files follow the scope of the record they belong to (docs/api.md, Files), over real HTTP
// on each database and file store: a closing walk's PDF and photos are read and written
// under the walk type's scope, so customer service, refused the closing walks, neither
// lists nor downloads them, and a writer of another walk type adds nothing to them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesAndFileStores } from '../../test/s3.js';
import { buildHome } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

const PDF = {
  data: Buffer.from('%PDF-1.7 signed').toString('base64'),
  contentType: 'application/pdf',
};
const PHOTO = { data: Buffer.from('a photo').toString('base64'), contentType: 'image/jpeg' };

describe.each(await databasesAndFileStores())(
  'files by the scope of their record on %s, bytes in %s',
  (dialect, files) => {
    let server: TestServer;
    let manager: ApiClient;
    let customerService: ApiClient;
    let nhpWriter: ApiClient;
    let walkId: string;

    beforeAll(async () => {
      server = await getTestServer(dialect, { files });
      await server.insert('homes', [buildHome('h1')]);
      manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
      customerService = server.client(
        (await server.createUser({ scopes: [groupScope('customerService')] })).token,
      );
      // Writes new home presentations, and reads every closing walk.
      nhpWriter = server.client(
        (
          await server.createUser({
            scopes: [
              singleScope('walks', true, false),
              singleScope('final_punch', true, false),
              singleScope('new_home_presentation'),
            ],
          })
        ).token,
      );
      const walk = await manager.post<{ id: string }>('/field_walks/closing/submit', {
        date: '2026-11-10',
        selectedHome: 'h1',
        user: 'emp-1',
        type: 'final-punch',
      });
      expect(walk.status).toBe(201);
      walkId = walk.body.id;
      expect((await manager.post(`/files/walkPdfs/${walkId}/walk.pdf`, PDF)).status).toBe(201);
      expect((await manager.post(`/files/walks/${walkId}/photo.jpg`, PHOTO)).status).toBe(201);
    });
    afterAll(() => server.close());

    it("refuses customer service the closing walk's PDF and photos, as it refuses the walk", async () => {
      expect((await customerService.get('/field_walks/closing/listByHome?homeId=h1')).status).toBe(
        403,
      );
      expect((await customerService.get(`/files/walkPdfs/${walkId}/walk.pdf`)).status).toBe(403);
      expect((await customerService.get(`/files/walks/${walkId}/photo.jpg`)).status).toBe(403);
      expect((await customerService.get(`/files?folder=walkPdfs/${walkId}`)).status).toBe(403);
      const all = await customerService.get<{ path: string }[]>('/files?folder=walkPdfs');
      expect(all.status === 403 || (all.status === 200 && all.body.length === 0)).toBe(true);
      // The walk's reader still gets them.
      expect((await manager.get(`/files/walkPdfs/${walkId}/walk.pdf`)).status).toBe(200);
      const listed = await nhpWriter.get<{ path: string }[]>(`/files?folder=walkPdfs/${walkId}`);
      expect(listed.body.map((f) => f.path)).toEqual([`walkPdfs/${walkId}/walk.pdf`]);
    });

    it("lets only the walk type's writers add files to a walk", async () => {
      expect((await customerService.post(`/files/walkPdfs/${walkId}/evil.pdf`, PDF)).status).toBe(
        403,
      );
      expect((await nhpWriter.post(`/files/walkPdfs/${walkId}/evil.pdf`, PDF)).status).toBe(403);
      expect((await nhpWriter.post(`/files/walks/${walkId}/evil.jpg`, PHOTO)).status).toBe(403);
      expect((await manager.get(`/files/walkPdfs/${walkId}/evil.pdf`)).status).toBe(404);
      // A collection no record keeps files in takes none.
      expect((await manager.post('/files/anything/x/y.jpg', PHOTO)).status).toBe(403);
    });
  },
);
