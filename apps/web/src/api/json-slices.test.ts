import { describe, expect, it } from 'vitest';
import { parseJsonInSlices } from './json-slices';

/** Records with the characters that could mislead a scanner: commas, brackets, quotes. */
const records = Array.from({ length: 200 }, (_, index) => ({
  id: `r${index}`,
  Address: `${index} Main St, "Unit, [B]" {x}`,
  Notes: index % 7 === 0 ? 'back\\slash \\", still text], {' : null,
  Photos: [{ collection: 'items', key: `k${index}` }],
  nested: { list: [1, [2, { a: ',' }]], empty: {} },
}));

describe('a long JSON list parsed in slices', () => {
  it('gives what JSON.parse gives, in order, whatever the slice size', async () => {
    const text = JSON.stringify(records);
    for (const slice of [1, 50, 500, 5000]) {
      expect(await parseJsonInSlices(text, slice, 0)).toEqual(records);
    }
    expect(
      await parseJsonInSlices(` \n${JSON.stringify([1, 'a,b', [2, 3], {}])}\n `, 1, 0),
    ).toEqual([1, 'a,b', [2, 3], {}]);
    expect(await parseJsonInSlices('[]', 1, 0)).toEqual([]);
  });

  it('parses anything else in one go, and fails on malformed text as JSON.parse does', async () => {
    expect(await parseJsonInSlices('{"a":[1,2]}', 1, 0)).toEqual({ a: [1, 2] });
    await expect(parseJsonInSlices('[{"a":1},{"b":', 1, 0)).rejects.toThrow(SyntaxError);
    await expect(parseJsonInSlices('[1,2] x', 1, 0)).rejects.toThrow(SyntaxError);
    await expect(parseJsonInSlices('[1,,2]', 1, 0)).rejects.toThrow(SyntaxError);
  });
});
