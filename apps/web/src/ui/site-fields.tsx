// What the permit, test and job screens share: choices from a list of values, today's
// date, vendors named (a stored vendor id shown by its name), and a column of a record's
// files (a permit's documents, a test's report).

import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import Stack from '@mui/material/Stack';
import { RESOURCE_ACCESS, hasAccess } from '@field/domain';
import type { FieldOption } from './record-list-screen';
import type { FieldRecord } from '../data/records';
import { textOf, useRecordList } from '../data/records';
import { useSignedIn } from '../data/session';
import { photosOf } from '../data/punch-items';
import { Thumbnail } from './photo-thumbnail';
import type { Column } from './record-table';
import { fieldLabel } from './field-label';

export const choices = (values: readonly string[]): FieldOption[] =>
  values.map((value) => ({ value, label: value }));

/** Today on this device, `YYYY-MM-DD`. */
export function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export interface Vendors {
  /** The vendor's name for a stored id; the id itself when the list does not hold it. */
  name: (id: unknown) => string;
  /** Vendors to pick by name (with their trade), none first. */
  options: (noneLabel: string) => FieldOption[];
}

/** The company's vendors (the differential list), when the user may read them. */
export function useVendors(): Vendors {
  const { access } = useSignedIn();
  const { data } = useRecordList(
    'vendors',
    hasAccess(access, RESOURCE_ACCESS.vendors.read, 'read'),
  );
  return useMemo(() => {
    const vendors = data ?? [];
    const names = new Map(vendors.map((vendor) => [vendor.id, textOf(vendor, 'Name')]));
    return {
      name: (id: unknown) => (typeof id === 'string' && id !== '' ? (names.get(id) ?? id) : '—'),
      options: (noneLabel: string) => [
        { value: '', label: noneLabel },
        ...vendors
          .map((vendor) => ({
            value: vendor.id,
            label: `${textOf(vendor, 'Name')} · ${textOf(vendor, 'Trade')}`,
          }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      ],
    };
  }, [data]);
}

/** A column of a record's stored files, as thumbnails. */
export function filesColumn(t: TFunction, field: string): Column {
  return {
    field,
    label: fieldLabel(t, field),
    render: (record: FieldRecord) => {
      const photos = photosOf(record[field]);
      return photos.length === 0 ? (
        '—'
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {photos.map((photo) => (
            <Thumbnail key={`${photo.collection}/${photo.key}`} photo={photo} state={undefined} />
          ))}
        </Stack>
      );
    },
  };
}
