// The vendors an item can be assigned to, and the one it is: the company's vendor list
// (synced differentially, on the device), read where the user reads vendors.

import { useMemo } from 'react';
import type { Access } from '@field/domain';
import { RESOURCE_ACCESS, hasAccess, isArchived } from '@field/domain';
import { textOf, useRecordList } from './records';

export interface VendorContact {
  id: string;
  Name: string;
  Trade: string;
  Phone: string;
  Email: string;
  archived: boolean;
}

export interface ItemVendors {
  /** The active vendors, by name. */
  choices: VendorContact[];
  byId: ReadonlyMap<string, VendorContact>;
}

export function useItemVendors(access: Access): ItemVendors {
  const canRead = hasAccess(access, RESOURCE_ACCESS.vendors.read, 'read');
  const { data } = useRecordList('vendors', canRead);
  return useMemo(() => {
    const all = (data ?? []).map((record) => ({
      id: record.id,
      Name: textOf(record, 'Name'),
      Trade: textOf(record, 'Trade'),
      Phone: textOf(record, 'Phone'),
      Email: textOf(record, 'Email'),
      archived: isArchived(record),
    }));
    return {
      choices: all.filter((v) => !v.archived).sort((a, b) => a.Name.localeCompare(b.Name)),
      byId: new Map(all.map((vendor) => [vendor.id, vendor])),
    };
  }, [data]);
}
