// Phone calls logged on the selected home, newest first (`/collaboration/communication/
// phone-calls`): add, edit (notes and voicemail, under their own scope) and delete, all
// through the offline queue, each call with its own sync state.

import { STAFF_TYPES } from '@field/domain';
import type { FieldOption, RecordScreenConfig, ScreenContext } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import type { FieldRecord } from '../../data/records';
import { textOf } from '../../data/records';

/** The home's staff, each once, named with the staff list it is on. */
function staffOptions({ home, names }: ScreenContext): FieldOption[] {
  const options = new Map<string, FieldOption>();
  for (const type of STAFF_TYPES) {
    for (const id of home[type]) {
      const label = `${names.get(id) ?? id} · ${type.replace(/ Staff$/, '')}`;
      if (!options.has(id)) options.set(id, { value: id, label });
    }
  }
  return [...options.values()];
}

const when = (call: FieldRecord): string => {
  const date = new Date(textOf(call, 'Date'));
  // To the minute: a call's seconds tell nobody anything.
  return Number.isNaN(date.getTime())
    ? textOf(call, 'Date')
    : date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
};

const PHONE_CALLS: RecordScreenConfig = {
  resource: 'phoneCalls',
  texts: 'phoneCalls',
  testIds: { list: 'phone-calls', row: 'phone-call', empty: 'phone-calls-empty' },
  staffNames: true,
  fields: [
    { name: 'Date', kind: 'datetime' },
    {
      name: 'Staff',
      kind: 'select',
      options: staffOptions,
      hint: (ctx) => (staffOptions(ctx).length === 0 ? ctx.t('phoneCalls.noStaff') : undefined),
    },
    { name: 'Notes', kind: 'multiline' },
    { name: 'Voicemail', kind: 'checkbox' },
  ],
  columns: ({ names, t }) => [
    { field: 'Date', label: t('fields.Date'), render: when },
    {
      field: 'Staff',
      label: t('fields.Staff'),
      render: (call) => names.get(textOf(call, 'Staff')) ?? textOf(call, 'Staff'),
    },
    'Voicemail',
    'Notes',
  ],
  defaults: (ctx) => ({
    Date: new Date().toISOString(),
    Staff: staffOptions(ctx)[0]?.value ?? '',
  }),
  sort: (a, b) => textOf(b, 'Date').localeCompare(textOf(a, 'Date')) || b.id.localeCompare(a.id),
  rowLabel: when,
};

export function Component() {
  return <RecordListScreen config={PHONE_CALLS} />;
}
