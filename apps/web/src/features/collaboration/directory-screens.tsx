// The company's vendors and staff: whole lists, searchable by name, the archived ones
// behind a switch. Holders of the list's write flag add, edit, archive and bring back
// records through the offline queue (archiving is a change: `Active: false`); each record
// shows its own sync state until the server has it. A list that never reached the device
// says so, and still shows what was added here (company-records.ts `unloaded`).

import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import {
  EMPLOYEE_ROLES,
  RESOURCE_ACCESS,
  hasAccess,
  isArchived,
  vendorItemsRoute,
} from '@field/domain';
import { useCompanyRecords, useCompanyWrites } from '../../data/company-records';
import type { CompanyList, FieldRecord } from '../../data/records';
import { textOf } from '../../data/records';
import { useSignedIn } from '../../data/session';
import { useColumns } from '../../ui/columns';
import { HistoryButton } from '../../ui/history-button';
import { NotOnDeviceAlert } from '../../ui/not-on-device-alert';
import { RecordTable } from '../../ui/record-table';
import { SyncStateChip } from '../../ui/sync-state-chip';
import { TAP } from '../../ui/touch';
import type { CompanyField } from './company-record-dialog';
import { CompanyRecordDialog } from './company-record-dialog';
import { TradeLinkDialog } from '../../ui/trade-link-dialog';

interface DirectoryConfig {
  resource: CompanyList;
  /** The prefix of the screen's texts (`{texts}.add`, `{texts}.editLabel`...). */
  texts: string;
  columns: readonly string[];
  fields: readonly CompanyField[];
  /** Vendors: the trade link's button and dialog (trade-link-dialog.tsx). */
  tradeLinks?: boolean;
  /** Vendors: a link to the vendor's items across homes, where its punch list is sent. */
  itemsLink?: boolean;
}

type Open =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; record: FieldRecord }
  | { kind: 'trade'; record: FieldRecord };

/** The records shown: archived or not, as the switch says, then matching the search. */
function shownRecords(
  records: readonly FieldRecord[] | undefined,
  archived: boolean,
  search: string,
): FieldRecord[] | undefined {
  const needle = search.trim().toLocaleLowerCase();
  return records
    ?.filter((record) => isArchived(record) === archived)
    .filter((record) => textOf(record, 'Name').toLocaleLowerCase().includes(needle))
    .sort((a, b) => textOf(a, 'Name').localeCompare(textOf(b, 'Name')));
}

function DirectoryScreen({ config, label }: { config: DirectoryConfig; label: string }) {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const { records, states, query, unloaded } = useCompanyRecords(config.resource);
  const writes = useCompanyWrites(config.resource);
  const write = RESOURCE_ACCESS[config.resource].write;
  const canWrite = writes !== null && write !== undefined && hasAccess(access, write, 'write');
  const columns = useColumns(config.columns);
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const shown = useMemo(() => shownRecords(records, archived, search), [records, archived, search]);
  const name = (record: FieldRecord) => textOf(record, 'Name');
  const close = () => setOpen({ kind: 'none' });
  const actions = (record: FieldRecord) => (
    <>
      <HistoryButton kind={config.resource} recordId={record.id} label={name(record)} />
      {config.itemsLink === true && (
        <IconButton
          sx={TAP}
          component={RouterLink}
          to={vendorItemsRoute(record.id)}
          aria-label={t('vendors.itemsLabel', { label: name(record) })}
        >
          <ListAltOutlined />
        </IconButton>
      )}
      {canWrite && (
        <>
          {config.tradeLinks === true && !archived && (
            <IconButton
              sx={TAP}
              aria-label={t('vendors.tradeLinkLabel', { label: name(record) })}
              onClick={() => setOpen({ kind: 'trade', record })}
            >
              <ForwardToInboxOutlined />
            </IconButton>
          )}
          <IconButton
            sx={TAP}
            aria-label={t(`${config.texts}.editLabel`, { label: name(record) })}
            onClick={() => setOpen({ kind: 'edit', record })}
          >
            <EditOutlined />
          </IconButton>
          <IconButton
            sx={TAP}
            aria-label={t(`${config.texts}.${archived ? 'restoreLabel' : 'archiveLabel'}`, {
              label: name(record),
            })}
            onClick={() => void writes.update(record, { Active: archived })}
          >
            {archived ? <UnarchiveOutlined /> : <ArchiveOutlined />}
          </IconButton>
        </>
      )}
    </>
  );
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={t('directory.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <FormControlLabel
          control={
            <Switch checked={archived} onChange={(event) => setArchived(event.target.checked)} />
          }
          label={t('directory.archived')}
        />
        {canWrite && (
          <Button
            variant="contained"
            startIcon={<Add />}
            sx={{ ...TAP, ml: { sm: 'auto' } }}
            onClick={() => setOpen({ kind: 'add' })}
          >
            {t(`${config.texts}.add`)}
          </Button>
        )}
      </Stack>
      {unloaded && (
        <Box sx={{ mb: 2 }}>
          <NotOnDeviceAlert
            error={query.error}
            notOnDevice={t(`${config.texts}.notOnDevice`)}
            onRetry={() => void query.refetch()}
          />
        </Box>
      )}
      {!(unloaded && shown?.length === 0) && (
        <RecordTable
          label={label}
          columns={columns}
          records={shown}
          loading={shown === undefined && query.isPending}
          error={shown === undefined ? query.error : null}
          onRetry={() => void query.refetch()}
          emptyText={t(archived ? 'directory.noneArchived' : 'directory.empty')}
          rowData={(record) => ({ 'data-sync': states.get(record.id) ?? 'synced' })}
          status={(record) => <SyncStateChip state={states.get(record.id)} recordId={record.id} />}
          actions={actions}
          actionsLabel={t('records.actions')}
        />
      )}
      {open.kind === 'trade' && <TradeLinkDialog vendor={open.record} onClose={close} />}
      {writes !== null && (open.kind === 'add' || open.kind === 'edit') && (
        <CompanyRecordDialog
          resource={config.resource}
          formId={config.texts}
          title={t(`${config.texts}.${open.kind === 'add' ? 'addTitle' : 'editTitle'}`)}
          fields={config.fields}
          records={records}
          {...(open.kind === 'edit' ? { record: open.record } : {})}
          onSave={(values) =>
            open.kind === 'edit' ? writes.update(open.record, values) : writes.add(values)
          }
          onClose={close}
        />
      )}
    </>
  );
}

const VENDORS: DirectoryConfig = {
  resource: 'vendors',
  texts: 'vendors',
  columns: ['Name', 'Trade', 'Contact', 'Phone', 'Email'],
  fields: [
    { name: 'Name' },
    { name: 'Trade' },
    { name: 'Contact' },
    { name: 'Phone', kind: 'tel' },
    { name: 'Email', kind: 'email' },
  ],
  tradeLinks: true,
  itemsLink: true,
};

const STAFF: DirectoryConfig = {
  resource: 'employees',
  texts: 'employees',
  columns: ['Name', 'Role', 'Phone', 'Email'],
  fields: [
    { name: 'First Name' },
    { name: 'Last Name' },
    { name: 'Email', kind: 'email' },
    { name: 'Phone', kind: 'tel' },
    { name: 'Role', kind: 'select', options: EMPLOYEE_ROLES },
  ],
};

export function VendorsScreen() {
  const { t } = useTranslation();
  return <DirectoryScreen config={VENDORS} label={t('nav.vendors')} />;
}

export function StaffScreen() {
  const { t } = useTranslation();
  return <DirectoryScreen config={STAFF} label={t('nav.staff')} />;
}
