import { describe, expect, it } from 'vitest';
import { feedbackInputSchema, feedbackListSchema } from './feedback.js';

describe('feedbackInputSchema (Send Feedback)', () => {
  it('trims the message and turns empty or numeric tags into text or null', () => {
    expect(
      feedbackInputSchema.parse({ message: ' Slow ', homeID: 512, recordId: '', address: null }),
    ).toEqual({
      message: 'Slow',
      recordId: null,
      homeID: '512',
      homeRID: null,
      address: null,
      page: null,
    });
  });

  it.each([
    ['no message', {}],
    ['a blank message', { message: '  ' }],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }],
    ['an unknown field', { message: 'hi', mood: 'happy' }],
    ['a tag that is not text', { message: 'hi', homeRID: ['h1'] }],
  ])('rejects %s', (_name, input) => {
    expect(feedbackInputSchema.safeParse(input).success).toBe(false);
  });
});

describe('feedbackListSchema (GET /api/feedback)', () => {
  const stored = {
    id: 'f1',
    message: 'Slow',
    recordId: 'rec1',
    homeID: '512',
    homeRID: null,
    address: '1 Main St',
    page: '/homes/notes',
    userId: 'u1',
    userEmail: 'ann@example.com',
    userAgent: null,
    createdAt: '2026-11-20T12:00:00.000Z',
  };

  it('reads the list the server sends, empty or not', () => {
    expect(feedbackListSchema.parse({ feedback: [stored] })).toEqual({ feedback: [stored] });
    expect(feedbackListSchema.parse({ feedback: [] })).toEqual({ feedback: [] });
  });

  it('refuses a bare list or an entry without its sender', () => {
    expect(feedbackListSchema.safeParse([stored]).success).toBe(false);
    expect(
      feedbackListSchema.safeParse({ feedback: [{ ...stored, userId: undefined }] }).success,
    ).toBe(false);
  });
});
