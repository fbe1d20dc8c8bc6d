// Each message of the catalogue is tested where the user sees it (a component or browser
// test that makes it appear); this file tests the templates, the messages with a part
// filled in, by what they make of their input.

import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  errorFetchingHomesMessage,
  invalidStaffTypeMessage,
  missingFieldMessage,
  mutationFailedMessage,
  temporaryIssueMessage,
} from './messages.js';
import { STAFF_TYPES } from './staff.js';

describe('message templates', () => {
  it('fills the templates', () => {
    expect(missingFieldMessage('Name', 'update', 'walkItem')).toBe(
      'Missing required field "Name" for operation "update" in mutation type "walkItem"',
    );
    expect(mutationFailedMessage('m-1')).toBe('Mutation m-1 failed after multiple attempts.');
    expect(temporaryIssueMessage('sync')).toBe('Temporary issue during sync. Retrying...');
    expect(errorFetchingHomesMessage('timeout')).toBe('Error fetching homes: timeout');
  });

  it('names every staff type a value may take', () => {
    const message = invalidStaffTypeMessage('Painter');
    expect(message.startsWith('Invalid staff type: Painter. Must be one of: ')).toBe(true);
    for (const type of STAFF_TYPES) expect(message).toContain(type);
  });

  it('keeps every message of the catalogue distinct, so a test finding one finds that one', () => {
    const texts = Object.values(MESSAGES);
    const repeated = texts.filter((text, index) => texts.indexOf(text) !== index);
    expect(repeated).toEqual([]);
  });
});
