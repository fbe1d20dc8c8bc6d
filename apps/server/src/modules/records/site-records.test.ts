// Permits, tests, reviews, jobs and schedule entries written over HTTP (issue 35): what the
// field records on site, with the messages a client sees, the scopes that guard each write
// and the records' history, on each database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { insertFixture } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string };

describe.each(await availableDialects())('site records on %s', (dialect) => {
  let server: TestServer;
  let builder: ApiClient;
  let cs: ApiClient;
  let radonOnly: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    builder = server.client((await server.createUser({ scopes: [groupScope('builder')] })).token);
    cs = server.client(
      (await server.createUser({ scopes: [groupScope('customerService')] })).token,
    );
    radonOnly = server.client(
      (await server.createUser({ scopes: [singleScope('homes_inspections_radon', true)] })).token,
    );
  });
  afterAll(() => server.close());

  it('records a radon reading and its retest, linked, each with one write in its history', async () => {
    const first = await radonOnly.post<Rec>('/field_testing/radon/submit', {
      HomeRID: 'h1',
      'Test Date': '2026-11-12',
      Result: 'Fail',
      Value: 5.2,
      Unit: 'pCi/L',
    });
    expect(first.status).toBe(201);
    const retest = await radonOnly.post<Rec>('/field_testing/radon/submit', {
      HomeRID: 'h1',
      'Test Date': '2026-11-20',
      Result: 'Pass',
      Value: 2.1,
      'Retest Of': first.body.id,
    });
    expect(retest.status).toBe(201);
    const listed = await radonOnly.get<Rec[]>('/field_testing/radon/listByHome?homeId=h1');
    const mine = listed.body.find((test) => test.id === retest.body.id);
    expect(mine).toMatchObject({ Result: 'Pass', 'Retest Of': first.body.id });
    const history = await radonOnly.get<unknown[]>(`/history?kind=radon&id=${retest.body.id}`);
    expect(history.body).toHaveLength(1);
  });

  it('answers a test without its result in the words of the validation rules', async () => {
    const answer = await builder.post('/field_testing/soil/submit', {
      HomeRID: 'h1',
      'Test Date': '2026-11-12',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'Missing required field "Result" for operation "submit" in mutation type "soilTest"',
    });
  });

  it('refuses a result outside pass / fail / retest / pending, and a permit status off its way', async () => {
    const test = await builder.post('/field_testing/gic/submit', {
      HomeRID: 'h1',
      'Test Date': '2026-11-12',
      Result: 'Maybe',
    });
    expect(test.status).toBe(400);
    const permit = await builder.patch('/field_testing/permits/update?id=permit-1', {
      Status: 'Finaled',
    });
    expect(permit.status).toBe(400);
  });

  it('moves a permit to passed with its inspector and a document', async () => {
    const answer = await builder.patch<Rec>('/field_testing/permits/update?id=permit-1', {
      Status: 'Passed',
      'Inspection Date': '2026-11-24',
      Inspector: 'R. Ortiz',
      Documents: [{ collection: 'permits', key: 'permit-1/card.jpg', name: 'card.jpg' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ Status: 'Passed', 'Permit Number': 'BP-1' });
  });

  it('keeps each write to its scope: the radon scope writes no soil test, customer service no permit', async () => {
    const soil = await radonOnly.post('/field_testing/soil/submit', {
      HomeRID: 'h1',
      'Test Date': '2026-11-12',
      Result: 'Pass',
    });
    expect(soil.status).toBe(403);
    const permit = await cs.patch('/field_testing/permits/update?id=permit-1', {
      Status: 'Failed',
    });
    expect(permit.status).toBe(403);
    const review = await cs.post('/field_reviews/submit', { HomeRID: 'h1', Rating: 4 });
    expect(review.status).toBe(403);
  });

  it('records a review with its rating, source and comment; a rating past 5 is refused', async () => {
    const review = await builder.post<Rec>('/field_reviews/submit', {
      HomeRID: 'h1',
      Rating: 4,
      Source: 'Google',
      Comment: 'Clean site',
    });
    expect(review.status).toBe(201);
    const bad = await builder.post('/field_reviews/submit', { HomeRID: 'h1', Rating: 6 });
    expect(bad.status).toBe(400);
  });

  it('marks a schedule entry delayed only with a reason, and a job started', async () => {
    const bare = await builder.patch('/field_jobs/schedules/update?id=sched-1', {
      Status: 'Delayed',
    });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.body)).toContain('A delayed entry needs a reason');
    const delayed = await builder.patch<Rec>('/field_jobs/schedules/update?id=sched-1', {
      Status: 'Delayed',
      'Delay Reason': 'Rain',
      'Scheduled Date': '2026-12-01',
    });
    expect(delayed.status).toBe(200);
    const listed = await builder.get<Rec[]>('/field_jobs/schedules/listByJob?jobId=job-1');
    expect(listed.body.find((entry) => entry.id === 'sched-1')).toMatchObject({
      Status: 'Delayed',
      'Delay Reason': 'Rain',
      JobRID: 'job-1',
    });
    const job = await builder.patch<Rec>('/field_jobs/jobs/update?id=job-1', {
      Status: 'In Progress',
      'Start Date': '2026-11-20',
    });
    expect(job.status).toBe(200);
    const moved = await builder.patch('/field_jobs/schedules/update?id=sched-2', {
      JobRID: 'job-2',
    });
    expect(moved.status).toBe(400);
  });

  it('takes no new jobs or schedule entries from the app', async () => {
    const job = await builder.post('/field_jobs/jobs/submit', { HomeRID: 'h1', Name: 'x' });
    expect(job.status).toBe(404);
    const entry = await builder.post('/field_jobs/schedules/submit', { JobRID: 'job-1' });
    expect(entry.status).toBe(404);
  });
});
