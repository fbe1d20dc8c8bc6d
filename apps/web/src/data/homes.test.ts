// The homes list as the server sends it: whole homes of the user's staff lists, and other
// homes with their address and status only (docs/decisions.md, Access by home).

import { describe, expect, it } from 'vitest';
import { checkHomes } from './homes';

const whole = {
  id: 'h1',
  HomeRID: 'h1',
  HomeID: '101',
  Address: '1 Main St',
  Status: 'Framing',
  'KOVA Status': 'Active',
  Community: 'Ridge',
  Lot: '7',
  Plan: 'A',
  'Construction Start': null,
  'Projected Close': null,
  'Construction Staff': ['emp-1'],
  'Design Staff': [],
  'Sales Staff': [],
  'Initial CS Staff': [],
  'Year End Staff': [],
  'Offline Homes': [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};

describe('the homes list', () => {
  it('keeps a home the user does not work on, marked, with its address and status', async () => {
    const outsider = {
      id: 'h2',
      HomeRID: 'h2',
      HomeID: '102',
      Address: '2 Main St',
      Status: 'Closed',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      deletedAt: null,
    };
    const homes = await checkHomes([whole, outsider]);
    expect(homes.map((home) => [home.id, home.outsider === true])).toEqual([
      ['h1', false],
      ['h2', true],
    ]);
    const [, other] = homes;
    expect(other).toMatchObject({ Address: '2 Main St', Status: 'Closed', Lot: '' });
    expect(other?.['Offline Homes']).toEqual([]);
  });

  it('still skips a record that is neither a home nor an outsider’s view of one', async () => {
    expect(await checkHomes([{ id: 'x', 'Offline Homes': 'not a list' }])).toEqual([]);
  });
});
