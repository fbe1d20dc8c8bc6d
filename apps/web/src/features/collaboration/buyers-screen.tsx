// Buyers of the selected home (`/collaboration/buyers`): add, edit and delete through
// the offline queue, each buyer with its own sync state.

import type { RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import { textOf } from '../../data/records';

const BUYERS: RecordScreenConfig = {
  resource: 'buyers',
  texts: 'buyers',
  testIds: { list: 'buyers', row: 'buyer', empty: 'buyers-empty' },
  fields: [{ name: 'Name' }, { name: 'Email', kind: 'email' }, { name: 'Phone', kind: 'tel' }],
  columns: () => ['Name', 'Email', 'Phone'],
  sort: (a, b) => textOf(a, 'Name').localeCompare(textOf(b, 'Name')),
  rowLabel: (buyer) => textOf(buyer, 'Name'),
};

export function Component() {
  return <RecordListScreen config={BUYERS} />;
}
