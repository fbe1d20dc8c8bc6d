// What a list of punch items becomes when it is sent: the punch list PDF's input (items of
// one home or one trade, with their photos from the device) and the spreadsheet's rows.
// The columns and the words are here once for both item screens.

import type { TFunction } from 'i18next';
import { APP_BUILD_DATE, APP_VERSION, isOverdue } from '@field/domain';
import { photoSource } from '../../../data/photo-bytes';
import type { VendorContact } from '../../../data/item-vendors';
import type { PunchItem } from '../../../data/punch-items';
import type { OfflineEngine } from '../../../offline/engine';
import type { PunchListItem, PunchListPdfInput } from '../../../lib/pdf/punch-list-pdf';
import { punchListWords } from './punch-list-words';

/** A PDF of more items would take minutes and hundreds of pages: the CSV takes them all. */
export const MAX_PDF_ITEMS = 1000;

/** What an item is shown with beside itself. */
export interface ExportLookups {
  /** Today where the device is (`YYYY-MM-DD`), for overdue. */
  today: string;
  addressOf: (homeId: string | null) => string;
  vendorNameOf: (vendorId: string | null) => string;
}

/** Whose list it is: one home's, one trade's, or the list as filtered. */
export type ListSubject =
  | { kind: 'home'; address: string; homeNumber: string }
  | { kind: 'vendor'; vendor: VendorContact }
  | { kind: 'filtered' };

const statusWord = (t: TFunction, status: string): string =>
  t(`punchItems.statuses.${status}`, { defaultValue: status });
const priorityWord = (t: TFunction, priority: string): string =>
  priority === '' ? '' : t(`punchItems.priorities.${priority}`, { defaultValue: priority });

/** The spreadsheet of the items, its header first, in the order given. */
export function itemRows(
  items: readonly PunchItem[],
  lookups: ExportLookups,
  t: TFunction,
): string[][] {
  const column = (key: string): string => t(`lists.csv.${key}`);
  const header = [
    'home',
    'walk',
    'location',
    'category',
    'item',
    'status',
    'priority',
    'trade',
    'due',
    'overdue',
    'completedAt',
    'reviewNote',
    'returnReason',
    'photos',
  ].map(column);
  const rows = items.map((item) => [
    lookups.addressOf(item.HomeRID),
    t(`nav.items-${item.Walk}`),
    item.Location,
    item.Category,
    item.Name,
    statusWord(t, item.Status),
    priorityWord(t, item.Priority),
    lookups.vendorNameOf(item.Vendor),
    item['Due Date'] ?? '',
    isOverdue(item, lookups.today) ? column('yes') : '',
    item['Completed At'] ?? '',
    item['Review Note'],
    item['Return Reason'],
    String(item.Photos.length),
  ]);
  return [header, ...rows];
}

/** The PDF's title line and label-value lines for whose list it is. */
function heading(
  subject: ListSubject,
  t: TFunction,
): Pick<PunchListPdfInput, 'subject' | 'fields'> {
  const word = (key: string): string => t(`lists.pdf.${key}`);
  switch (subject.kind) {
    case 'home':
      return { subject: subject.address, fields: [[word('homeId'), subject.homeNumber]] };
    case 'vendor': {
      const { vendor } = subject;
      const fields: [string, string][] = [
        [word('trade'), vendor.Trade],
        [word('phone'), vendor.Phone],
        [word('email'), vendor.Email],
      ];
      return { subject: vendor.Name, fields: fields.filter(([, value]) => value.trim() !== '') };
    }
    case 'filtered':
      return { subject: word('acrossHomes'), fields: [] };
  }
}

/**
 * The punch list PDF's input: the items in the order given, each with the photos the
 * device can get (its own copy, else the thumbnail, else fetched when online).
 */
export async function punchListInput(
  engine: OfflineEngine,
  input: {
    items: readonly PunchItem[];
    subject: ListSubject;
    lookups: ExportLookups;
    t: TFunction;
  },
): Promise<PunchListPdfInput> {
  const { t, lookups } = input;
  const items: PunchListItem[] = [];
  for (const item of input.items) {
    const photos: PunchListItem['photos'] = [];
    for (const photo of item.Photos) {
      const bytes = await photoSource(engine, photo);
      if (bytes !== undefined) photos.push(bytes);
    }
    items.push({
      home: lookups.addressOf(item.HomeRID),
      location: item.Location,
      name: item.Name,
      walk: t(`nav.items-${item.Walk}`),
      category: item.Category,
      trade: item.Vendor === null ? t('lists.pdf.noTrade') : lookups.vendorNameOf(item.Vendor),
      priority: priorityWord(t, item.Priority),
      status: statusWord(t, item.Status),
      due: item['Due Date'],
      overdue: isOverdue(item, lookups.today),
      photos,
    });
  }
  return {
    words: punchListWords(t),
    company: t('app.name'),
    appVersion: t('walkForm.pdfVersion', { version: APP_VERSION, built: APP_BUILD_DATE }),
    title: t('lists.pdf.title'),
    ...heading(input.subject, t),
    items,
    generatedAt: new Date().toISOString(),
  };
}

/** A file name of the list: whose it is and today's date, in plain characters. */
export function listFileName(
  subject: ListSubject,
  today: string,
  extension: 'pdf' | 'csv',
): string {
  const whose =
    subject.kind === 'home'
      ? `home-${subject.homeNumber}`
      : subject.kind === 'vendor'
        ? subject.vendor.Name
        : 'items';
  const slug =
    whose
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'items';
  return `punch-list-${slug}-${today}.${extension}`;
}
