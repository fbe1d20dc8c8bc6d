import { describe, expect, it } from 'vitest';
import { MUTATION_RULES, validateMutationPayload } from './mutations.js';
import { STAFF_TYPES } from './staff.js';

// The specification's table of required fields, row by row, as it writes it.
const SPEC_TABLE: [type: string, operation: string, required: string[]][] = [
  ['file', 'upload', ['fileRef', 'collection', 'key']],
  ['file', 'delete', ['fileRef', 'collection', 'key']],
  ['home', 'update', ['id']],
  ['home', 'updateStaff', ['id', 'staffIds', 'staffType']],
  ['phoneCall', 'submit', ['Home', 'Staff', 'Date', 'Notes', 'Voicemail']],
  ['phoneCall', 'update', ['Notes', 'Voicemail', 'id']],
  ['phoneCall', 'delete', ['id']],
  ['walkItem', 'submit', ['Walk', 'Category', 'Location', 'Name']],
  ['walkItem', 'update', ['id', 'Name']],
  ['walkItem', 'delete', ['id']],
];

function completePayload(fields: readonly string[]): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) payload[field] = field === 'staffType' ? 'Design Staff' : 'x';
  return payload;
}

describe('mutation payload rules', () => {
  it.each(SPEC_TABLE)('%s %s requires exactly %j', (type, operation, required) => {
    const rules: Record<string, Record<string, readonly string[]>> = MUTATION_RULES;
    expect(rules[type]?.[operation]).toEqual(required);
    expect(validateMutationPayload(type, operation, completePayload(required))).toEqual({
      ok: true,
    });
  });

  const missingCases = SPEC_TABLE.flatMap(([type, operation, required]) =>
    required.flatMap((field) =>
      [undefined, null, ''].map((value) => [type, operation, field, value] as const),
    ),
  );
  it.each(missingCases)(
    '%s %s without %s (%j) names the field',
    (type, operation, field, value) => {
      const rules: Record<string, Record<string, readonly string[]>> = MUTATION_RULES;
      const payload = completePayload(rules[type]?.[operation] ?? []);
      if (value === undefined) delete payload[field];
      else payload[field] = value;
      expect(validateMutationPayload(type, operation, payload)).toEqual({
        ok: false,
        message: `Missing required field "${field}" for operation "${operation}" in mutation type "${type}"`,
      });
    },
  );

  it('treats false and 0 as values, not as missing', () => {
    expect(
      validateMutationPayload('phoneCall', 'update', { Notes: 'n', Voicemail: false, id: 0 }),
    ).toEqual({ ok: true });
  });

  it('reports the first missing field in the order of the table', () => {
    expect(validateMutationPayload('phoneCall', 'submit', {})).toEqual({
      ok: false,
      message: 'Missing required field "Home" for operation "submit" in mutation type "phoneCall"',
    });
  });

  it.each([
    ['phoneCall', 'archive'],
    ['walkItem', 'updateStaff'],
    ['unknownType', 'submit'],
    ['file', 'toString'],
  ])('%s %s is an unsupported operation', (type, operation) => {
    expect(validateMutationPayload(type, operation, {})).toEqual({
      ok: false,
      message: 'Unsupported operation',
    });
  });

  it.each(STAFF_TYPES.map((t) => [t]))('accepts staff type %s', (staffType) => {
    const payload = { id: 'h1', staffIds: ['e1'], staffType };
    expect(validateMutationPayload('home', 'updateStaff', payload)).toEqual({ ok: true });
  });

  it('rejects any other staff type with the list of allowed ones', () => {
    const payload = { id: 'h1', staffIds: ['e1'], staffType: 'Roofing Staff' };
    expect(validateMutationPayload('home', 'updateStaff', payload)).toEqual({
      ok: false,
      message:
        'Invalid staff type: Roofing Staff. Must be one of: Construction Staff, Design Staff, Sales Staff, Initial CS Staff, Year End Staff, Offline Homes',
    });
  });

  it('queues a trade link sent to a vendor, which needs the vendor and nothing else', () => {
    expect(validateMutationPayload('tradeLink', 'send', { vendorId: 'v1' })).toEqual({ ok: true });
    expect(validateMutationPayload('tradeLink', 'send', { email: 'a@b.test' })).toEqual({
      ok: false,
      message:
        'Missing required field "vendorId" for operation "send" in mutation type "tradeLink"',
    });
    expect(validateMutationPayload('tradeLink', 'revoke', { vendorId: 'v1' })).toEqual({
      ok: false,
      message: 'Unsupported operation',
    });
  });

  it('reads a non-object payload as one with every field missing', () => {
    expect(validateMutationPayload('walkItem', 'delete', null)).toEqual({
      ok: false,
      message: 'Missing required field "id" for operation "delete" in mutation type "walkItem"',
    });
  });
});
