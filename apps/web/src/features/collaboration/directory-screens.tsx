// The company's vendors and staff: whole lists, searchable by name.

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { textOf, useRecordList } from '../../data/records';
import { useColumns } from '../../ui/columns';
import { RecordTable } from '../../ui/record-table';

function DirectoryScreen({
  resource,
  fields,
  label,
}: {
  resource: 'employees' | 'vendors';
  fields: readonly string[];
  label: string;
}) {
  const { t } = useTranslation();
  const query = useRecordList(resource);
  const columns = useColumns(fields);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const active = query.data?.filter((record) => record['Active'] !== false);
    if (needle === '') return active;
    return active?.filter((record) => textOf(record, 'Name').toLocaleLowerCase().includes(needle));
  }, [query.data, search]);
  return (
    <>
      <TextField
        size="small"
        type="search"
        label={t('directory.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />
      <RecordTable
        label={label}
        columns={columns}
        records={shown}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('directory.empty')}
      />
    </>
  );
}

export function VendorsScreen() {
  const { t } = useTranslation();
  return (
    <DirectoryScreen
      resource="vendors"
      fields={['Name', 'Trade', 'Contact', 'Phone', 'Email']}
      label={t('nav.vendors')}
    />
  );
}

export function StaffScreen() {
  const { t } = useTranslation();
  return (
    <DirectoryScreen
      resource="employees"
      fields={['Name', 'Role', 'Phone', 'Email']}
      label={t('nav.staff')}
    />
  );
}
