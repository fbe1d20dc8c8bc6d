import { describe, expect, it } from 'vitest';
import { MAX_BATCH_WRITES, writeBatchSchema } from './write-batch.js';

const write = (path: string, method = 'POST') => ({ key: 'k-1', method, path, body: {} });

describe('a batch of writes', () => {
  it.each([
    ['/api/field_communication/phoneCalls/submit', true],
    ['/api/field_walks/item/update?id=abc', true],
    ['/api/files/homes/h1%2Fphoto.jpg', true],
    ['/api/batch', false],
    ['/api/batch?x=1', false],
    ['/api/batch/more', false],
    ['/api/batches/submit', true],
    ['/api/auth/login', false],
    ['/api/auth/change-password', false],
    ['/field_homes/update', false],
    ['https://elsewhere.example/api/x', false],
    ['/api/with space', false],
    ['/api/', false],
  ])('path %s is accepted: %s', (path, ok) => {
    expect(writeBatchSchema.safeParse({ writes: [write(path)] }).success).toBe(ok);
  });

  it.each([
    ['POST', true],
    ['PATCH', true],
    ['DELETE', true],
    ['GET', false],
    ['PUT', false],
  ])('method %s is accepted: %s', (method, ok) => {
    expect(writeBatchSchema.safeParse({ writes: [write('/api/x', method)] }).success).toBe(ok);
  });

  it('carries one to MAX_BATCH_WRITES writes, each with a visible-ASCII key', () => {
    const many = (n: number) => Array.from({ length: n }, () => write('/api/x'));
    expect(writeBatchSchema.safeParse({ writes: [] }).success).toBe(false);
    expect(writeBatchSchema.safeParse({ writes: many(MAX_BATCH_WRITES) }).success).toBe(true);
    expect(writeBatchSchema.safeParse({ writes: many(MAX_BATCH_WRITES + 1) }).success).toBe(false);
    const badKey = { ...write('/api/x'), key: 'has space' };
    expect(writeBatchSchema.safeParse({ writes: [badKey] }).success).toBe(false);
  });
});
