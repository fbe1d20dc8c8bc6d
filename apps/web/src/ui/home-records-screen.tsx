// A screen of one selected home's records of one resource (permits, tests, phone calls,
// notes, buyers...): asks for a home when none is selected.

import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSelectedHome } from '../data/homes';
import { useHomeRecords } from '../data/records';
import type { Column } from './record-table';
import { RecordTable } from './record-table';

export function SelectHomeFirst() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography role="status">{t('records.selectHome')}</Typography>
    </Paper>
  );
}

export function HomeRecordsScreen({
  base,
  label,
  columns,
}: {
  base: string;
  label: string;
  columns: Column[];
}) {
  const { t } = useTranslation();
  const home = useSelectedHome();
  const query = useHomeRecords(base, home?.id ?? null);
  if (home === null) return <SelectHomeFirst />;
  return (
    <>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        {home.Address}
      </Typography>
      <RecordTable
        label={label}
        columns={columns}
        records={query.data}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('records.empty')}
      />
    </>
  );
}
