// What a trade's link reads (docs/decisions.md, The trade's own link): the open items of its
// one vendor on the company's homes, each with its home's address and the superintendent's
// contact, and nothing else: no buyer, no other staff, no other vendor's item.

import { fileRefSchema } from '@field/domain';
import type { TradeItem, TradePhoto } from '@field/domain';
import { z } from 'zod';
import type { RecordsTable } from '../../db/schema.js';
import type { RecordRepository } from '../records/repository.js';
import { storedData } from '../records/record-writes.js';
import type { Executor } from '../records/repository.js';

const ITEMS = 'walkItems';
/** The staff list of a home whose first member is its superintendent. */
const SUPERINTENDENT_LIST = 'Construction Staff';

const photosSchema = z.array(fileRefSchema);
const refsOf = (value: unknown) => {
  const parsed = photosSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The employee id of a home's superintendent: the first of its construction staff. */
function superintendentOf(home: Record<string, unknown>): string | undefined {
  const list: unknown = home[SUPERINTENDENT_LIST];
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  return typeof first === 'string' ? first : undefined;
}

/** An item the trade may see: live, its vendor's, not complete. */
export function isOpenItemOf(row: RecordsTable | undefined, vendorId: string): row is RecordsTable {
  if (row?.kind !== ITEMS || row.deleted_at !== null) return false;
  const data = storedData(row);
  return data['Vendor'] === vendorId && data['Status'] !== 'Complete';
}

/** The item's photos and its review photos, as the trade's page asks for them. */
export function photosOf(row: RecordsTable): TradePhoto[] {
  const data = storedData(row);
  return [...refsOf(data['Photos']), ...refsOf(data['Review Photos'])].map((ref) => ({
    key: `${ref.collection}/${ref.key}`,
    name: ref.name ?? ref.key,
  }));
}

/** The vendor's open items, by home; one query for the items, one for homes and staff. */
export async function openItemsOf(
  db: Executor,
  records: RecordRepository,
  vendorId: string,
): Promise<TradeItem[]> {
  // The vendor's id as the item's JSON holds it narrows the rows; each is checked after.
  const candidates = await db
    .selectFrom('records')
    .selectAll()
    .where('kind', '=', ITEMS)
    .where('deleted_at', 'is', null)
    .where('data', 'like', `%${JSON.stringify(vendorId)}%`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const rows = candidates.filter((row) => isOpenItemOf(row, vendorId));
  const homeIds = [
    ...new Set(rows.flatMap((row) => (row.home_rid === null ? [] : [row.home_rid]))),
  ];
  const homes = new Map(
    (await records.findMany(db, 'homes', homeIds)).map((home) => [home.id, storedData(home)]),
  );
  const superIds = [...homes.values()].flatMap((home) => superintendentOf(home) ?? []);
  const staff = new Map(
    (await records.findMany(db, 'employees', [...new Set(superIds)])).map((row) => [
      row.id,
      storedData(row),
    ]),
  );
  return rows.map((row) => {
    const data = storedData(row);
    const home = row.home_rid === null ? undefined : homes.get(row.home_rid);
    const superId = home === undefined ? undefined : superintendentOf(home);
    const person = superId === undefined ? undefined : staff.get(superId);
    return {
      id: row.id,
      address: text(home?.['Address']),
      walk: text(data['Walk']),
      location: text(data['Location']),
      description: text(data['Name']),
      status: text(data['Status']) || 'Outstanding',
      dueDate: textOrNull(data['Due Date']),
      photos: photosOf(row),
      reviewNote: textOrNull(data['Review Note']),
      returnReason: textOrNull(data['Return Reason']),
      contact:
        person === undefined
          ? null
          : {
              name: `${text(person['First Name'])} ${text(person['Last Name'])}`.trim(),
              phone: textOrNull(person['Phone']),
              email: textOrNull(person['Email']),
            },
    };
  });
}
