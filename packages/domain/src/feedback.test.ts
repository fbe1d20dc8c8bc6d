import { describe, expect, it } from 'vitest';
import { feedbackInputSchema } from './feedback.js';

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
