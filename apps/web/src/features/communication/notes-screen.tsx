// Notes: the selected home's records (`notes/listByHome`).

import { useTranslation } from 'react-i18next';
import { READ_PATHS } from '../../data/paths';
import { useColumns } from '../../ui/columns';
import { HomeRecordsScreen } from '../../ui/home-records-screen';

const FIELDS = ['Date', 'Author', 'Text'] as const;

export function Component() {
  const { t } = useTranslation();
  const columns = useColumns(FIELDS);
  return <HomeRecordsScreen base={READ_PATHS.notes} label={t('nav.notes')} columns={columns} />;
}
