// The inspection test screens (soil, open hole, radon, GIC): one shape of record, a dated
// result on the selected home, each read from its own `/field_testing/{kind}` list.

import type { RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import { textOf } from '../../data/records';

type TestKind = 'soil' | 'openhole' | 'radon' | 'gic';

const configOf = (kind: TestKind): RecordScreenConfig => ({
  resource: kind,
  texts: `inspections-${kind}`,
  fields: [],
  columns: () => ['Test Date', 'Result', 'Value', 'Unit', 'Vendor', 'Notes'],
  sort: (a, b) => textOf(b, 'Test Date').localeCompare(textOf(a, 'Test Date')),
});

const SOIL = configOf('soil');
const OPEN_HOLE = configOf('openhole');
const RADON = configOf('radon');
const GIC = configOf('gic');

export const SoilScreen = () => <RecordListScreen config={SOIL} />;
export const OpenHoleScreen = () => <RecordListScreen config={OPEN_HOLE} />;
export const RadonScreen = () => <RecordListScreen config={RADON} />;
export const GicScreen = () => <RecordListScreen config={GIC} />;
