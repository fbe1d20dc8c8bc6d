// Permits: the selected home's records (`permits/listByHome`).

import type { RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';

const PERMITS: RecordScreenConfig = {
  resource: 'permits',
  texts: 'inspections-permits',
  fields: [],
  columns: () => ['Permit Number', 'Type', 'Status', 'Issued Date', 'Expiration Date'],
};

export function Component() {
  return <RecordListScreen config={PERMITS} />;
}
