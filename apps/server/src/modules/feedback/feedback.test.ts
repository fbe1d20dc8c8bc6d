// The feedback widget's storage: any signed-in user sends, only admins read.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackListSchema, feedbackSchema } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';
import type { ApiFeedback } from './routes.js';

describe.each(await availableDialects())('feedback on %s', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let builder: ApiClient;
  let builderEmail: string;

  beforeAll(async () => {
    server = await getTestServer(dialect);
    admin = server.client((await server.createUser({ scopes: [singleScope('admin')] })).token);
    const made = await server.createUser({ scopes: [groupScope('builder')] });
    builder = server.client(made.token);
    builderEmail = made.email;
  });
  afterAll(() => server.close());

  it('stores feedback tagged with the record and home, with the user and time', async () => {
    const before = new Date().toISOString();
    const sent = await builder.post<ApiFeedback>('/feedback', {
      message: '  The picker is slow on my phone  ',
      recordId: 'item-1',
      homeID: 512,
      homeRID: 'h1',
      address: '12 Notify Lane',
      page: '/homes/overview',
    });
    expect(sent.status).toBe(201);
    expect(feedbackSchema.safeParse(sent.body).error).toBeUndefined();
    expect(sent.body).toMatchObject({
      message: 'The picker is slow on my phone',
      recordId: 'item-1',
      homeID: '512',
      homeRID: 'h1',
      address: '12 Notify Lane',
      page: '/homes/overview',
      userEmail: builderEmail,
    });
    expect(sent.body.createdAt >= before).toBe(true);

    const plain = await builder.post<ApiFeedback>('/feedback', {
      message: 'Thanks!',
      recordId: '',
    });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ recordId: null, homeID: null, address: null });

    const listed = await admin.get<{ feedback: ApiFeedback[] }>('/feedback');
    expect(listed.status).toBe(200);
    // The list as the web app's administration screen parses it.
    expect(feedbackListSchema.safeParse(listed.body).error).toBeUndefined();
    expect(listed.body.feedback.map((f) => f.message)).toEqual([
      'Thanks!',
      'The picker is slow on my phone',
    ]);
    const older = await admin.get<{ feedback: ApiFeedback[] }>(
      `/feedback?before=${encodeURIComponent(plain.body.createdAt)}&limit=1`,
    );
    expect(older.body.feedback.map((f) => f.id)).toEqual([sent.body.id]);
  });

  it.each([
    [{}, 'Invalid value for "message": Please write a message'],
    [{ message: '   ' }, 'Invalid value for "message": Please write a message'],
    [
      { message: 'x'.repeat(5001) },
      'Invalid value for "message": The message is too long (at most 5000 characters)',
    ],
    [{ message: 'hi', mood: 'happy' }, 'Unknown field "mood"'],
  ])('answers 400 for %j', async (body, error) => {
    const response = await builder.post('/feedback', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('shows feedback to admins only', async () => {
    expect((await builder.get('/feedback')).status).toBe(403);
    expect((await server.client().get('/feedback')).status).toBe(401);
    expect((await server.client().post('/feedback', { message: 'hi' })).status).toBe(401);
  });
});
