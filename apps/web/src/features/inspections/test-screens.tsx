// The inspection test screens (soil, open hole, radon, GIC): one shape of record, a dated
// result on the selected home, each read from and written to its own
// `/field_testing/{kind}` resource through the offline queue. A test names its vendor by
// id (shown by name), may repeat an earlier test (`Retest Of`) and keeps its report as
// files; a radon reading shows as over or under the action level.

import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import type { TestKind } from '@field/domain';
import { RADON_ACTION_LEVEL, TEST_RESULTS, TEST_UNITS, radonOverActionLevel } from '@field/domain';
import type { FieldOption, RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import type { FieldRecord } from '../../data/records';
import { textOf, useHomeRecords } from '../../data/records';
import { useSelectedHome } from '../../data/homes';
import { cellText } from '../../ui/record-table';
import type { Column } from '../../ui/record-table';
import type { Vendors } from '../../ui/site-fields';
import { choices, filesColumn, today, useVendors } from '../../ui/site-fields';

const label = (test: FieldRecord) => `${cellText(test['Test Date'])} · ${textOf(test, 'Result')}`;

/** The earlier tests of the home a new one may repeat, newest first. */
function retestOptions(t: TFunction, tests: readonly FieldRecord[]): FieldOption[] {
  return [
    { value: '', label: t('tests.notARetest') },
    ...[...tests]
      .sort((a, b) => textOf(b, 'Test Date').localeCompare(textOf(a, 'Test Date')))
      .map((test) => ({ value: test.id, label: label(test) })),
  ];
}

function actionLevelColumn(t: TFunction): Column {
  return {
    field: 'Action Level',
    label: t('tests.actionLevel', { level: RADON_ACTION_LEVEL.toFixed(1) }),
    render: (test) => {
      const over = radonOverActionLevel(test['Value']);
      if (over === undefined) return '—';
      return t(over ? 'tests.over' : 'tests.under');
    },
  };
}

function testScreen(
  kind: TestKind,
  vendors: Vendors,
  tests: readonly FieldRecord[],
): RecordScreenConfig {
  const byId = new Map(tests.map((test) => [test.id, test]));
  return {
    resource: kind,
    texts: `inspections-${kind}`,
    testIds: { list: `${kind}-tests`, row: `${kind}-test`, empty: `${kind}-tests-empty` },
    fields: [
      { name: 'Test Date', kind: 'date' },
      { name: 'Vendor', kind: 'select', options: ({ t }) => vendors.options(t('tests.noVendor')) },
      { name: 'Result', kind: 'select', options: () => choices(TEST_RESULTS) },
      { name: 'Value', kind: 'number' },
      { name: 'Unit' },
      { name: 'Retest Of', kind: 'select', options: ({ t }) => retestOptions(t, tests) },
      { name: 'Notes', kind: 'multiline' },
      { name: 'Report', kind: 'photos' },
    ],
    columns: ({ t }) => [
      'Test Date',
      'Result',
      {
        field: 'Value',
        label: t('fields.Value'),
        render: (test) =>
          test['Value'] == null ? '—' : `${textOf(test, 'Value')} ${textOf(test, 'Unit')}`.trim(),
      },
      ...(kind === 'radon' ? [actionLevelColumn(t)] : []),
      {
        field: 'Vendor',
        label: t('fields.Vendor'),
        render: (test) => vendors.name(test['Vendor']),
      },
      {
        field: 'Retest Of',
        label: t('fields.Retest Of'),
        render: (test) => {
          const first = byId.get(textOf(test, 'Retest Of'));
          return first === undefined ? '—' : label(first);
        },
      },
      'Notes',
      filesColumn(t, 'Report'),
    ],
    defaults: () => ({ 'Test Date': today(), Result: 'Pending', Unit: TEST_UNITS[kind] }),
    sort: (a, b) =>
      textOf(b, 'Test Date').localeCompare(textOf(a, 'Test Date')) || b.id.localeCompare(a.id),
    rowLabel: label,
  };
}

function TestScreen({ kind }: { kind: TestKind }) {
  const vendors = useVendors();
  const home = useSelectedHome();
  const { records } = useHomeRecords(kind, home?.outsider === true ? null : (home?.id ?? null));
  const config = useMemo(() => testScreen(kind, vendors, records ?? []), [kind, vendors, records]);
  return <RecordListScreen config={config} />;
}

export const SoilScreen = () => <TestScreen kind="soil" />;
export const OpenHoleScreen = () => <TestScreen kind="openhole" />;
export const RadonScreen = () => <TestScreen kind="radon" />;
export const GicScreen = () => <TestScreen kind="gic" />;
