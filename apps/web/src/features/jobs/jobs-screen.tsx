// The jobs of the selected home (`/homes/jobs`): each job's status and dates updated from
// the field, and the open job's schedule entries (`schedules/listByJob`) marked started,
// done or delayed with a reason, all through the offline queue.

import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import { JOB_STATUSES } from '@field/domain';
import type { RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import { textOf } from '../../data/records';
import { useSelectedHome } from '../../data/homes';
import { choices, useVendors } from '../../ui/site-fields';
import type { Vendors } from '../../ui/site-fields';
import { JobSchedulePanel } from './job-schedule-panel';

function jobsScreen(vendors: Vendors): RecordScreenConfig {
  return {
    resource: 'jobs',
    texts: 'jobs',
    testIds: { list: 'jobs', row: 'job', empty: 'jobs-empty' },
    fields: [
      { name: 'Status', kind: 'select', options: () => choices(JOB_STATUSES) },
      { name: 'Start Date', kind: 'date' },
      { name: 'End Date', kind: 'date' },
      { name: 'Delay Reason' },
    ],
    columns: ({ t }) => [
      'Name',
      { field: 'Vendor', label: t('fields.Vendor'), render: (job) => vendors.name(job['Vendor']) },
      'Status',
      'Start Date',
      'End Date',
      'Delay Reason',
    ],
    sort: (a, b) => textOf(a, 'Start Date').localeCompare(textOf(b, 'Start Date')),
    rowLabel: (job) => textOf(job, 'Name'),
  };
}

export function Component() {
  const vendors = useVendors();
  const home = useSelectedHome();
  const config = useMemo(() => jobsScreen(vendors), [vendors]);
  return (
    <Stack spacing={3}>
      <RecordListScreen config={config} />
      {home !== null && home.outsider !== true && <JobSchedulePanel key={home.id} home={home} />}
    </Stack>
  );
}
