import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { describeZodError } from './validation.js';
import {
  BATCH_WRITE_ROUTES,
  MAX_BATCH_WRITES,
  batchWriteRoute,
  writeBatchSchema,
} from './write-batch.js';

const write = (path: string, method = 'POST') => ({ key: 'k-1', method, path, body: {} });

describe('a batch of writes', () => {
  it.each([
    ['/api/field_communication/phoneCalls/submit', true],
    ['/api/field_communication/notes/submit', true],
    ['/api/field_collaboration/buyers/submit', true],
    ['/api/field_walks/item/submit', true],
    ['/api/field_walks/closing/submit', true],
    ['/api/field_walks/preDrywall/submit', true],
    ['/api/batch', false],
    ['/api/batch?x=1', false],
    ['/api/batch/more', false],
    ['/api/batches/submit', false],
    ['/api/auth/login', false],
    ['/api/auth/change-password', false],
    ['/api/admin/users', false],
    ['/api/users/profilePicture', false],
    ['/api/files/homes/h1.jpg', false],
    ['/api/notifications', false],
    ['/api/feedback', false],
    ['/field_homes/update', false],
    ['https://elsewhere.example/api/x', false],
    ['//elsewhere.example/api/field_walks/item/submit', false],
    ['/api/with space', false],
    ['/api/', false],
    // Paths a router or URL parser reads as another route.
    ['/api/files/../auth/login', false],
    ['/api/field_walks/item/../../auth/login', false],
    ['/api/field_walks/item/%2e%2e/%2E%2E/auth/login', false],
    ['/api/field_walks/item/.%2e/submit', false],
    ['/api/field_walks/item/./submit', false],
    ['/api/%61uth/login', false],
    ['/api/x/../batch', false],
    ['/api/field_walks/item/submit/', false],
    ['/api//field_walks/item/submit', false],
    ['/api/field_walks\\..\\..\\auth/login', false],
    ['/api/field_walks/item/submit#x', false],
    ['/api/field_walks/item/sub%6Dit', false],
    ['/api/field_walks/item/submit;x', false],
    ['/api/field_walks/item/submit?x=<y>', false],
    ['/api/field_walks/item/submit?x=%zz', true],
  ])('POST %s may be batched: %s', (path, ok) => {
    expect(writeBatchSchema.safeParse({ writes: [write(path)] }).success).toBe(ok);
  });

  it.each([
    ['PATCH', '/api/field_communication/phoneCalls/update?id=abc', true],
    ['DELETE', '/api/field_communication/phoneCalls/delete?id=abc', true],
    ['PATCH', '/api/field_walks/item/update?id=abc', true],
    ['PATCH', '/api/field_walks/closing/update/w-1', true],
    ['PATCH', '/api/field_walks/closing/update/w%201', true],
    ['PATCH', '/api/field_walks/closing/update/..', false],
    ['PATCH', '/api/field_walks/closing/update/%2e%2e', false],
    ['PATCH', '/api/field_walks/closing/update', false],
    ['PATCH', '/api/field_walks/closing/update/a/b', false],
    ['PATCH', '/api/field_walks/unknownKind/update/w-1', false],
    ['PATCH', '/api/field_homes/update?id=h1', true],
    ['PATCH', '/api/field_homes/updateStaff?id=h1', true],
    ['DELETE', '/api/files/homes/h1%2Fphoto.jpg', true],
    ['DELETE', '/api/files/punch-photos/item-1/file%20one.jpg', true],
    ['DELETE', '/api/files/homes/../../auth/login', false],
    ['DELETE', '/api/files', false],
    ['POST', '/api/files/homes/h1.jpg', false],
    ['PATCH', '/api/field_communication/phoneCalls/submit', false],
    ['POST', '/api/admin/users/u1/approve', false],
  ])('%s %s may be batched: %s', (method, path, ok) => {
    expect(batchWriteRoute(method, path) !== undefined).toBe(ok);
    expect(writeBatchSchema.safeParse({ writes: [write(path, method)] }).success).toBe(ok);
  });

  it('the allow-list is exactly the writes the queue batches (written out, not derived)', () => {
    const crud = (base: string) => [
      `POST /api${base}/submit`,
      `PATCH /api${base}/update`,
      `DELETE /api${base}/delete`,
    ];
    const walkKind = (kind: string) => [
      `POST /api/field_walks/${kind}/submit`,
      `PATCH /api/field_walks/${kind}/update/:id`,
    ];
    const expected = [
      ...crud('/field_communication/phoneCalls'),
      ...crud('/field_communication/notes'),
      ...crud('/field_collaboration/buyers'),
      ...crud('/field_collaboration/dailyLogs'),
      // Issue 35: permits, the four tests and reviews recorded on site; jobs and their
      // schedule entries updated from the field.
      ...crud('/field_testing/permits'),
      ...['radon', 'soil', 'openhole', 'gic'].flatMap((kind) => crud(`/field_testing/${kind}`)),
      ...crud('/field_reviews'),
      'PATCH /api/field_jobs/jobs/update',
      'PATCH /api/field_jobs/schedules/update',
      ...crud('/field_walks/item'),
      ...['homeStart', 'preDrywall', 'managerWalk', 'closing', 'landscape'].flatMap(walkKind),
      // Issue 32: the company's records, added and changed (archived) by hand.
      'POST /api/field_homes/submit',
      'PATCH /api/field_homes/update',
      'PATCH /api/field_homes/updateStaff',
      'POST /api/field_employees/submit',
      'PATCH /api/field_employees/update',
      'POST /api/field_vendors/submit',
      'PATCH /api/field_vendors/update',
      'DELETE /api/files/*',
    ];
    const actual = BATCH_WRITE_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect([...actual].sort()).toEqual([...expected].sort());
  });

  it('every allow-listed route is a field-data write, never auth, admin, users or batch', () => {
    for (const route of BATCH_WRITE_ROUTES) {
      expect(route.path).toMatch(/^\/api\/(field_|files\/)/);
      if (route.path.startsWith('/api/files/')) expect(route.method).toBe('DELETE');
    }
  });

  it('names the refused write in its message', () => {
    const result = writeBatchSchema.safeParse({ writes: [write('/api/auth/login')] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(describeZodError(result.error)).toBe(
        `Invalid value for "writes.0.path": ${MESSAGES.batchWriteNotAllowed}`,
      );
    }
  });

  it.each([
    ['POST', '/api/field_walks/item/submit', true],
    ['PATCH', '/api/field_walks/item/update?id=a', true],
    ['DELETE', '/api/field_walks/item/delete?id=a', true],
    ['GET', '/api/field_walks/item/listByWalk?walkId=a', false],
    ['PUT', '/api/field_walks/item/update?id=a', false],
  ])('%s %s is accepted: %s', (method, path, ok) => {
    expect(writeBatchSchema.safeParse({ writes: [write(path, method)] }).success).toBe(ok);
  });

  it('carries one to MAX_BATCH_WRITES writes, each with a visible-ASCII key', () => {
    const many = (n: number) =>
      Array.from({ length: n }, () => write('/api/field_walks/item/submit'));
    expect(writeBatchSchema.safeParse({ writes: [] }).success).toBe(false);
    expect(writeBatchSchema.safeParse({ writes: many(MAX_BATCH_WRITES) }).success).toBe(true);
    expect(writeBatchSchema.safeParse({ writes: many(MAX_BATCH_WRITES + 1) }).success).toBe(false);
    const badKey = { ...write('/api/field_walks/item/submit'), key: 'has space' };
    expect(writeBatchSchema.safeParse({ writes: [badKey] }).success).toBe(false);
  });
});
