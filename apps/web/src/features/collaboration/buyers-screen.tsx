// Buyers: the selected home's records (`buyers/listByHome`).

import { useTranslation } from 'react-i18next';
import { READ_PATHS } from '../../data/paths';
import { useColumns } from '../../ui/columns';
import { HomeRecordsScreen } from '../../ui/home-records-screen';

const FIELDS = ['Name', 'Email', 'Phone'] as const;

export function Component() {
  const { t } = useTranslation();
  const columns = useColumns(FIELDS);
  return <HomeRecordsScreen base={READ_PATHS.buyers} label={t('nav.buyers')} columns={columns} />;
}
