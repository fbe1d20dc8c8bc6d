// Permits of the selected home (`permits/listByHome`): added and moved along (applied,
// issued, inspection scheduled, passed, failed, expired) through the offline queue, with
// the inspector, the dates and documents (a photo of the permit card, the inspection
// report) stored like every record's files.

import type { RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import { PERMIT_STATUSES } from '@field/domain';
import { textOf } from '../../data/records';
import { choices, filesColumn, today } from '../../ui/site-fields';

const PERMITS: RecordScreenConfig = {
  resource: 'permits',
  texts: 'inspections-permits',
  testIds: { list: 'permits', row: 'permit', empty: 'permits-empty' },
  fields: [
    { name: 'Permit Number' },
    { name: 'Type' },
    { name: 'Status', kind: 'select', options: () => choices(PERMIT_STATUSES) },
    { name: 'Applied Date', kind: 'date' },
    { name: 'Issued Date', kind: 'date' },
    { name: 'Inspection Date', kind: 'date' },
    { name: 'Expiration Date', kind: 'date' },
    { name: 'Inspector' },
    { name: 'Notes', kind: 'multiline' },
    { name: 'Documents', kind: 'photos' },
  ],
  columns: ({ t }) => [
    'Permit Number',
    'Type',
    'Status',
    'Issued Date',
    'Inspection Date',
    'Expiration Date',
    'Inspector',
    filesColumn(t, 'Documents'),
  ],
  defaults: () => ({ Status: 'Applied', 'Applied Date': today() }),
  sort: (a, b) => textOf(a, 'Permit Number').localeCompare(textOf(b, 'Permit Number')),
  rowLabel: (permit) => textOf(permit, 'Permit Number'),
};

export function Component() {
  return <RecordListScreen config={PERMITS} />;
}
