// Manage Homes: every active home of the company (testing mode applied), with its staff
// and status, for the people who maintain home records. Holders of the homes write scope
// add a home, edit a home's fields, assign its staff and archive it, through the offline
// queue; each home shows its own sync state until the server has the change. A switch
// shows the archived homes instead, to bring one back.

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Add from '@mui/icons-material/Add';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { RESOURCE_ACCESS, RESOURCE_DEFS, hasAccess, homesForMode } from '@field/domain';
import type { ActiveHome, HomeWrites } from '../../data/homes';
import { useActiveHomes, useHomeWrites } from '../../data/homes';
import { effectiveTesting, useLocalSettings } from '../../data/local-settings';
import { useRecordList } from '../../data/records';
import { useSignedIn } from '../../data/session';
import { HomeCards } from '../../ui/home-cards';
import { HistoryButton } from '../../ui/history-button';
import { SyncStateChip } from '../../ui/sync-state-chip';
import { ArchivedHomes } from './archived-homes';
import { HomeAddDialog } from './home-add-dialog';
import { HomeEditDialog } from './home-edit-dialog';
import type { EmployeeOption } from './home-staff-dialog';
import { HomeStaffDialog } from './home-staff-dialog';

import { TAP } from '../../ui/touch';

type Open = { kind: 'none' } | { kind: 'add' } | { kind: 'edit' | 'staff'; homeId: string };

/** The employees as the staff picker offers them, from the device's copy of the list. */
function useEmployeeOptions(enabled: boolean): EmployeeOption[] {
  const { data } = useRecordList('employees', enabled);
  return useMemo(
    () =>
      (data ?? [])
        .map((employee) => ({
          id: employee.id,
          name: typeof employee['Name'] === 'string' ? employee['Name'] : employee.id,
          active: employee['Active'] !== false,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [data],
  );
}

function HomeWriteDialogs(props: {
  open: Open;
  homes: readonly ActiveHome[] | undefined;
  writes: HomeWrites;
  employees: readonly EmployeeOption[];
  onClose: () => void;
}) {
  const { open, homes, writes, employees, onClose } = props;
  if (open.kind === 'add') return <HomeAddDialog homes={homes} writes={writes} onClose={onClose} />;
  // The home as shown now (queued changes included), found again by id.
  const home = open.kind === 'none' ? undefined : homes?.find((h) => h.id === open.homeId);
  if (open.kind === 'none' || home === undefined) return null;
  return open.kind === 'edit' ? (
    <HomeEditDialog home={home} writes={writes} onClose={onClose} />
  ) : (
    <HomeStaffDialog home={home} writes={writes} employees={employees} onClose={onClose} />
  );
}

export function Component() {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const settings = useLocalSettings();
  const { data, states, error, fetchStatus, refetch } = useActiveHomes();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [archived, setArchived] = useState(false);
  const testing = effectiveTesting(settings, access.demo);
  const homes = useMemo(
    () =>
      data === undefined
        ? undefined
        : homesForMode(data, testing).sort((a, b) =>
            a.Address.localeCompare(b.Address, 'en', { numeric: true }),
          ),
    [data, testing],
  );
  // Writes go through the device's queue: none where it did not start (online only).
  const writes = useHomeWrites();
  const { update, updateStaff } = RESOURCE_DEFS.homes.operations;
  const canEdit = writes !== null && hasAccess(access, update.write, 'write');
  const canStaff =
    writes !== null &&
    hasAccess(access, updateStaff.write, 'write') &&
    // The picker lists the employees.
    hasAccess(access, RESOURCE_ACCESS.employees.read, 'read');
  // Read with the screen, not with the dialog, so the picker has them offline too.
  const employees = useEmployeeOptions(canStaff);
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch checked={archived} onChange={(event) => setArchived(event.target.checked)} />
          }
          label={t('manageHomes.showArchived')}
        />
        {canEdit && !archived && (
          <Button
            variant="contained"
            startIcon={<Add />}
            sx={{ ...TAP, ml: 'auto' }}
            onClick={() => setOpen({ kind: 'add' })}
          >
            {t('manageHomes.add')}
          </Button>
        )}
      </Stack>
      {archived ? (
        <ArchivedHomes writes={canEdit ? writes : null} />
      ) : (
        <HomeCards
          homes={homes}
          error={error}
          paused={fetchStatus === 'paused'}
          onRetry={() => void refetch()}
          label={t('nav.manage-homes')}
          extra={(home) => (
            <>
              {home.outsider !== true && `${t('fields.KOVA Status')}: ${home['KOVA Status']}`}
              {states.has(home.id) && (
                <Box sx={{ mt: 1 }}>
                  <SyncStateChip state={states.get(home.id)} recordId={home.id} />
                </Box>
              )}
              {home.outsider !== true && (
                <Box>
                  <HistoryButton kind="homes" recordId={home.id} label={home.Address} />
                </Box>
              )}
            </>
          )}
          {...(canEdit || canStaff
            ? {
                actions: (home: ActiveHome) => (
                  <>
                    {canEdit && home.outsider !== true && (
                      <Button
                        sx={TAP}
                        startIcon={<EditOutlined />}
                        aria-label={t('manageHomes.editLabel', { address: home.Address })}
                        onClick={() => setOpen({ kind: 'edit', homeId: home.id })}
                      >
                        {t('manageHomes.edit')}
                      </Button>
                    )}
                    {canStaff && home.outsider !== true && (
                      <Button
                        sx={TAP}
                        startIcon={<GroupOutlined />}
                        aria-label={t('manageHomes.staffLabel', { address: home.Address })}
                        onClick={() => setOpen({ kind: 'staff', homeId: home.id })}
                      >
                        {t('manageHomes.staff')}
                      </Button>
                    )}
                    {canEdit && writes !== null && home.outsider !== true && (
                      <Button
                        sx={TAP}
                        startIcon={<ArchiveOutlined />}
                        aria-label={t('manageHomes.archiveLabel', { address: home.Address })}
                        onClick={() => void writes.update(home, { Active: false })}
                      >
                        {t('manageHomes.archive')}
                      </Button>
                    )}
                  </>
                ),
              }
            : {})}
        />
      )}
      {writes !== null && (
        <HomeWriteDialogs
          open={open}
          writes={writes}
          employees={employees}
          homes={data}
          onClose={() => setOpen({ kind: 'none' })}
        />
      )}
    </>
  );
}
