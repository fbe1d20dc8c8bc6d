// The selected home's calendar: its jobs and their scheduled tasks in date order.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedHome } from '../../../data/homes';
import type { FieldRecord } from '../../../data/records';
import { textOf, useBatchRecords, useHomeRecords } from '../../../data/records';
import { useColumns } from '../../../ui/columns';
import { NotYourHome, SelectHomeFirst } from '../../../ui/record-list-screen';
import { RecordTable } from '../../../ui/record-table';

export function Component() {
  const { t } = useTranslation();
  const home = useSelectedHome();
  const jobs = useHomeRecords('jobs', home?.id ?? null).query;
  const jobIds = useMemo(
    () => jobs.data?.map((job) => textOf(job, 'JobRID') || job.id),
    [jobs.data],
  );
  const schedules = useBatchRecords('jobSchedules', jobIds);
  const jobNames = useMemo(
    () =>
      new Map(
        (jobs.data ?? []).map((job) => [textOf(job, 'JobRID') || job.id, textOf(job, 'Name')]),
      ),
    [jobs.data],
  );
  const columns = useColumns([
    'Scheduled Date',
    {
      field: 'Job',
      label: t('fields.Job'),
      render: (task: FieldRecord) => jobNames.get(textOf(task, 'JobRID')) ?? '—',
    },
    'Task',
    'Status',
    'Completed Date',
  ]);
  const shown = useMemo(
    () =>
      schedules.data
        ?.slice()
        .sort((a, b) => textOf(a, 'Scheduled Date').localeCompare(textOf(b, 'Scheduled Date'))),
    [schedules.data],
  );
  if (home === null) return <SelectHomeFirst />;
  if (home.outsider === true) return <NotYourHome home={home} />;
  const noJobs = jobIds !== undefined && jobIds.length === 0;
  return (
    <RecordTable
      label={t('nav.homes-calendar')}
      columns={columns}
      records={noJobs ? [] : shown}
      loading={!noJobs && (jobs.isPending || schedules.isPending)}
      error={jobs.error ?? schedules.error}
      onRetry={() => void schedules.refetch()}
      emptyText={t('calendar.empty')}
    />
  );
}
