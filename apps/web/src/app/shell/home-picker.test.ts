import { describe, expect, it } from 'vitest';
import { filterByAddress } from '@field/domain';
import { addressIndex } from './home-picker';

const homes = [
  { id: '1', Address: '2100 Meadowlark Lane, Fort Collins' },
  { id: '2', Address: '4809 CEDAR Hollow Drive, Johnstown' },
  { id: '3', Address: '12 Élan Court, Loveland' },
  { id: '4', Address: '2109 Meadowlark Lane, Fort Collins' },
];

describe('the home picker search', () => {
  it.each(['', '  ', 'meadow', 'MEADOWLARK LANE', 'cedar h', 'élan', '2109', 'nowhere', ' fort '])(
    'finds what the domain rule finds for %j, in the same order',
    (query) => {
      const search = addressIndex(homes);
      expect(search(query)).toEqual(filterByAddress(homes, query));
    },
  );
});
