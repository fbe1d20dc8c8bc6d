import { describe, expect, it } from 'vitest';
import { failedWriteNotice } from './engine';

describe('a queued write that fails for good', () => {
  it.each([
    ['submit', 'Error saving data: Missing required field'],
    ['upload', 'Error saving data: Missing required field'],
    ['update', 'Error updating data: Missing required field'],
    ['delete', 'Error updating data: Missing required field'],
    ['updateStaff', 'Error updating data: Missing required field'],
  ])('%s: a persistent toast "%s" linking to the Mutation Queue', (operation, message) => {
    expect(failedWriteNotice({ operation }, 'Missing required field')).toEqual({
      level: 'error',
      message,
      persistent: true,
      openMutationQueue: true,
    });
  });
});
