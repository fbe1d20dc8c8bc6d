// The schedule of the job open on the jobs screen: its entries from `schedules/listByJob`
// (the device's copy offline), each with its sync state and an update dialog (started,
// done, delayed with a reason, a new date) through the offline queue.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import History from '@mui/icons-material/History';
import { SCHEDULE_STATUSES, hasAccess, resourceDef } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import type { FieldRecord } from '../../data/records';
import { textOf, useHomeRecords } from '../../data/records';
import { useJobSchedules } from '../../data/job-schedules';
import { useSignedIn } from '../../data/session';
import type { RecordScreenConfig, ScreenContext } from '../../ui/record-list-screen';
import { RecordFormDialog } from '../../ui/record-list-screen';
import { useColumns } from '../../ui/columns';
import { HistoryDialog } from '../../ui/history-dialog';
import { useOpenedRecord } from '../../ui/opened-record';
import { RecordTable } from '../../ui/record-table';
import { SyncStateChip } from '../../ui/sync-state-chip';
import { TAP } from '../../ui/touch';
import { choices } from '../../ui/site-fields';

const SCHEDULE: RecordScreenConfig = {
  resource: 'jobSchedules',
  texts: 'jobSchedule',
  testIds: { list: 'job-schedule', row: 'schedule-entry', empty: 'job-schedule-empty' },
  fields: [
    { name: 'Status', kind: 'select', options: () => choices(SCHEDULE_STATUSES) },
    { name: 'Scheduled Date', kind: 'date' },
    { name: 'Started Date', kind: 'date' },
    { name: 'Completed Date', kind: 'date' },
    { name: 'Delay Reason' },
  ],
  columns: () => [
    'Task',
    'Status',
    'Scheduled Date',
    'Started Date',
    'Completed Date',
    'Delay Reason',
  ],
  sort: (a, b) => textOf(a, 'Scheduled Date').localeCompare(textOf(b, 'Scheduled Date')),
  rowLabel: (entry) => textOf(entry, 'Task'),
};

export function JobSchedulePanel({ home }: { home: ActiveHome }) {
  const { t } = useTranslation();
  const { access, user } = useSignedIn();
  const jobs = useHomeRecords('jobs', home.id).records ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<FieldRecord | null>(null);
  const [history, setHistory] = useState<FieldRecord | null>(null);
  const sorted = [...jobs].sort((a, b) =>
    textOf(a, 'Start Date').localeCompare(textOf(b, 'Start Date')),
  );
  // A job marked in the address (`?record=`, as the calendar opens one) is the one open.
  const [search] = useSearchParams();
  const marked = sorted.find((job) => job.id === search.get('record'));
  const jobId = chosen ?? marked?.id ?? sorted[0]?.id ?? null;
  const openJob = sorted.find((job) => job.id === jobId);
  const { records, states, query } = useJobSchedules(
    jobId === null ? null : { id: jobId, homeId: home.id },
  );
  const ctx: ScreenContext = { home, names: new Map(), user, t };
  const columns = useColumns(SCHEDULE.columns(ctx));
  const write = resourceDef('jobSchedules').operations?.update?.write;
  const canEdit = Array.isArray(write) && hasAccess(access, write, 'write');
  const shown = records?.slice().sort(SCHEDULE.sort);
  // The entry the calendar opened (`?entry=`) is marked and scrolled to.
  const openedEntry = useOpenedRecord(shown !== undefined, 'entry');
  if (sorted.length === 0) return null;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="job-schedule-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" id="job-schedule-title">
          {t('jobs.schedule', { job: openJob === undefined ? '' : textOf(openJob, 'Name') })}
        </Typography>
        <TextField
          select
          size="small"
          label={t('jobs.openJob')}
          value={jobId ?? ''}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'open-job' } }}
        >
          {sorted.map((job) => (
            <MenuItem key={job.id} value={job.id} sx={{ minHeight: 44 }}>
              {textOf(job, 'Name')}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <RecordTable
        label={t('jobs.schedule', { job: openJob === undefined ? '' : textOf(openJob, 'Name') })}
        columns={columns}
        records={shown}
        loading={shown === undefined && query.isPending}
        error={shown === undefined ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t('jobs.scheduleEmpty')}
        {...(SCHEDULE.testIds === undefined ? {} : { testIds: SCHEDULE.testIds })}
        rowData={(entry) => ({
          'data-sync': states.get(entry.id) ?? 'synced',
          ...(entry.id === openedEntry ? { 'data-opened': 'true' } : {}),
        })}
        status={(entry) => <SyncStateChip state={states.get(entry.id)} recordId={entry.id} />}
        actions={(entry) => (
          <>
            <IconButton
              sx={TAP}
              aria-label={t('history.open', { label: textOf(entry, 'Task') })}
              onClick={() => setHistory(entry)}
            >
              <History />
            </IconButton>
            {canEdit && (
              <IconButton
                sx={TAP}
                aria-label={t('jobSchedule.editLabel', { label: textOf(entry, 'Task') })}
                onClick={() => setEditing(entry)}
              >
                <EditOutlined />
              </IconButton>
            )}
          </>
        )}
        actionsLabel={t('records.actions')}
      />
      {history !== null && (
        <HistoryDialog
          kind="jobSchedules"
          recordId={history.id}
          title={textOf(history, 'Task')}
          onClose={() => setHistory(null)}
        />
      )}
      {editing !== null && (
        <RecordFormDialog
          config={SCHEDULE}
          ctx={ctx}
          operation="update"
          fields={SCHEDULE.fields}
          record={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
