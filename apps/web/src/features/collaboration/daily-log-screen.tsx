// The daily log of the selected home (`/collaboration/daily-log`): one entry per day on
// site with its weather, the crews there (vendor and head count), deliveries, inspections,
// delays and their cause, notes and photos; add, edit and delete through the offline queue, each
// day with its own sync state.

import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { DELAY_CAUSES, RESOURCE_ACCESS, WEATHER_CONDITIONS, hasAccess } from '@field/domain';
import type { FieldOption, RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import type { FieldRecord } from '../../data/records';
import { textOf, useRecordList } from '../../data/records';
import { useSignedIn } from '../../data/session';
import { photosOf } from '../../data/punch-items';
import { Thumbnail } from '../../ui/photo-thumbnail';
import { cellText } from '../../ui/record-table';

const choices = (values: readonly string[]): FieldOption[] =>
  values.map((value) => ({ value, label: value }));

/** Today on this device, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The rows of a list field (crews, delays), each an object. */
function rowsOf(log: FieldRecord, field: string): Record<string, unknown>[] {
  const value = log[field];
  return Array.isArray(value)
    ? value.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];
}

function dailyLogScreen(vendors: readonly FieldRecord[]): RecordScreenConfig {
  const vendorOptions: FieldOption[] = vendors
    .map((vendor) => ({
      value: vendor.id,
      label: `${textOf(vendor, 'Name')} · ${textOf(vendor, 'Trade')}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const vendorName = new Map(vendors.map((vendor) => [vendor.id, textOf(vendor, 'Name')]));
  const crews = (t: TFunction) => (log: FieldRecord) =>
    rowsOf(log, 'Crews')
      .map((crew) =>
        t('dailyLogs.crew', {
          vendor: vendorName.get(String(crew['Vendor'])) ?? String(crew['Vendor']),
          count: crew['Head Count'],
        }),
      )
      .join(', ') || '—';
  const delays = (t: TFunction) => (log: FieldRecord) =>
    rowsOf(log, 'Delays')
      .map((delay) => t('dailyLogs.delay', { cause: delay['Cause'], hours: delay['Hours'] }))
      .join(', ') || '—';
  return {
    resource: 'dailyLogs',
    texts: 'dailyLogs',
    testIds: { list: 'daily-logs', row: 'daily-log', empty: 'daily-logs-empty' },
    fields: [
      { name: 'Date', kind: 'date' },
      { name: 'Weather', kind: 'select', options: () => choices(WEATHER_CONDITIONS) },
      { name: 'Temperature', kind: 'number' },
      {
        name: 'Crews',
        kind: 'rows',
        row: {
          fields: [
            { name: 'Vendor', kind: 'select', options: () => vendorOptions },
            { name: 'Head Count', kind: 'number' },
          ],
          start: () => ({ Vendor: vendorOptions[0]?.value ?? '', 'Head Count': 1 }),
        },
      },
      { name: 'Deliveries' },
      { name: 'Inspections' },
      {
        name: 'Delays',
        kind: 'rows',
        row: {
          fields: [
            { name: 'Cause', kind: 'select', options: () => choices(DELAY_CAUSES) },
            { name: 'Hours', kind: 'number' },
          ],
          start: () => ({ Cause: DELAY_CAUSES[0], Hours: 1 }),
        },
      },
      { name: 'Notes', kind: 'multiline' },
      { name: 'Photos', kind: 'photos' },
    ],
    columns: ({ t }) => [
      {
        field: 'Date',
        label: t('fields.Date'),
        render: (log) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {cellText(log['Date'])}
          </Box>
        ),
      },
      {
        field: 'Weather',
        label: t('fields.Weather'),
        render: (log) =>
          [
            textOf(log, 'Weather'),
            log['Temperature'] == null ? '' : `${textOf(log, 'Temperature')}°F`,
          ]
            .filter(Boolean)
            .join(' · ') || '—',
      },
      { field: 'Crews', label: t('fields.Crews'), render: crews(t) },
      'Deliveries',
      'Inspections',
      { field: 'Delays', label: t('fields.Delays'), render: delays(t) },
      'Notes',
      {
        field: 'Photos',
        label: t('fields.Photos'),
        render: (log) => {
          const photos = photosOf(log['Photos']);
          return photos.length === 0 ? (
            '—'
          ) : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {photos.map((photo) => (
                <Thumbnail
                  key={`${photo.collection}/${photo.key}`}
                  photo={photo}
                  state={undefined}
                />
              ))}
            </Stack>
          );
        },
      },
    ],
    defaults: ({ user }) => ({
      Date: today(),
      Weather: WEATHER_CONDITIONS[0],
      Author: `${user.firstName} ${user.lastName}`.trim(),
    }),
    sort: (a, b) => textOf(b, 'Date').localeCompare(textOf(a, 'Date')) || b.id.localeCompare(a.id),
    rowLabel: (log) => cellText(log['Date']),
  };
}

export function Component() {
  const { access } = useSignedIn();
  const { data: vendors } = useRecordList(
    'vendors',
    hasAccess(access, RESOURCE_ACCESS.vendors.read, 'read'),
  );
  const config = useMemo(() => dailyLogScreen(vendors ?? []), [vendors]);
  return <RecordListScreen config={config} />;
}
