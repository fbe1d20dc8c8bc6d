// Adds a home by hand (`home submit`): its HomeID (not one another home holds) and address,
// and what else is known; the rest as the seed starts a home (docs/decisions.md).

import { useTranslation } from 'react-i18next';
import type { ActiveHome, HomeWrites } from '../../data/homes';
import { CompanyRecordDialog } from './company-record-dialog';

const HOME_ADD_FIELDS = [
  { name: 'HomeID' },
  { name: 'Address' },
  { name: 'Community' },
  { name: 'Lot' },
  { name: 'Plan' },
  { name: 'Status' },
  { name: 'KOVA Status' },
];

export function HomeAddDialog(props: {
  homes: readonly ActiveHome[] | undefined;
  writes: HomeWrites;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <CompanyRecordDialog
      resource="homes"
      formId="manageHomes"
      title={t('manageHomes.addTitle')}
      fields={HOME_ADD_FIELDS}
      records={props.homes}
      onSave={(values) => props.writes.add(values)}
      onClose={props.onClose}
    />
  );
}
