// Notes on the selected home (`/collaboration/communication/notes`): add, edit and
// delete through the offline queue, each note with its own sync state.

import type { RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import { textOf } from '../../data/records';

const newestFirst: RecordScreenConfig['sort'] = (a, b) =>
  textOf(b, 'Date').localeCompare(textOf(a, 'Date')) || b.id.localeCompare(a.id);

const NOTES: RecordScreenConfig = {
  resource: 'notes',
  texts: 'notes',
  testIds: { list: 'notes', row: 'note', empty: 'notes-empty' },
  fields: [{ name: 'Text', kind: 'multiline' }],
  columns: () => ['Date', 'Author', 'Text'],
  defaults: ({ user }) => ({
    Author: `${user.firstName} ${user.lastName}`.trim(),
    Date: new Date().toISOString(),
  }),
  sort: newestFirst,
  rowLabel: (note) => textOf(note, 'Text').slice(0, 40),
};

export function Component() {
  return <RecordListScreen config={NOTES} />;
}
