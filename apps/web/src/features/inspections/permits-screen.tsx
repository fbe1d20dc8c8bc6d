// Permits: the selected home's records (`permits/listByHome`).

import { useTranslation } from 'react-i18next';
import { READ_PATHS } from '../../data/paths';
import { useColumns } from '../../ui/columns';
import { HomeRecordsScreen } from '../../ui/home-records-screen';

const FIELDS = ['Permit Number', 'Type', 'Status', 'Issued Date', 'Expiration Date'] as const;

export function Component() {
  const { t } = useTranslation();
  const columns = useColumns(FIELDS);
  return (
    <HomeRecordsScreen
      base={READ_PATHS.permits}
      label={t('nav.inspections-permits')}
      columns={columns}
    />
  );
}
