// Which fields an update of a home's record may change, decided without a server: a
// record never moves to another home, but an update may send its home again unchanged
// (clients send the whole form).

import { describe, expect, it } from 'vitest';
import { movedField } from './home-record-routes.js';

const stored = { HomeRID: 'home-1', Notes: 'gate code 1234' };

describe('movedField', () => {
  it.each([
    ['another home', { HomeRID: 'home-2' }, 'HomeRID'],
    ['the same home sent again', { HomeRID: 'home-1', Notes: 'new code' }, undefined],
    ['only a field that may change', { Notes: 'new code' }, undefined],
  ])('%s: %s', (_case, changes, moved) => {
    expect(movedField(['HomeRID'], changes, stored)).toBe(moved);
  });

  it('names the first fixed field that would change', () => {
    expect(
      movedField(
        ['HomeRID', 'Walk'],
        { Walk: 'nhp', HomeRID: 'home-9' },
        {
          ...stored,
          Walk: 'who',
        },
      ),
    ).toBe('HomeRID');
  });
});
