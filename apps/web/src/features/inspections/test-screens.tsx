// The inspection test screens (soil, open hole, radon, GIC): one shape of record, a dated
// result on the selected home, each read from its own `/field_testing/{kind}` list.

import { useTranslation } from 'react-i18next';
import { READ_PATHS } from '../../data/paths';
import { useColumns } from '../../ui/columns';
import { HomeRecordsScreen } from '../../ui/home-records-screen';

const FIELDS = ['Test Date', 'Result', 'Value', 'Unit', 'Vendor', 'Notes'] as const;

type TestKind = 'soil' | 'openhole' | 'radon' | 'gic';

function TestScreen({ kind }: { kind: TestKind }) {
  const { t } = useTranslation();
  const columns = useColumns(FIELDS);
  return (
    <HomeRecordsScreen
      base={READ_PATHS[kind]}
      label={t(`nav.inspections-${kind}`)}
      columns={columns}
    />
  );
}

export const SoilScreen = () => <TestScreen kind="soil" />;
export const OpenHoleScreen = () => <TestScreen kind="openhole" />;
export const RadonScreen = () => <TestScreen kind="radon" />;
export const GicScreen = () => <TestScreen kind="gic" />;
