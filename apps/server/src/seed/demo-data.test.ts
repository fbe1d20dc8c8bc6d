import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import type { Resource } from '@field/domain';
import {
  CLOSING_TYPES,
  HOME_TEST_STATUS,
  INITIAL_SCOPE,
  KOVA_CANCELLED,
  RESOURCES,
  STAFF_TYPES,
  WALK_TYPES,
  recordIdSchema,
  resourceDef,
} from '@field/domain';
import type { DatabaseHandle, Dialect } from '../db/connection.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations.js';
import { verifyPassword } from '../modules/auth/passwords.js';
import type { NewRecord } from '../modules/records/repository.js';
import { UserRepository } from '../modules/users/repository.js';
import { POSTGRES_URL, availableDialects, createPostgresSchema } from '../test/databases.js';
import type { DemoData } from './demo-data.js';
import { DEMO_ACCOUNTS, DEMO_REFERENCE_DATE, generateDemoData } from './demo-data.js';
import { clearDatabase, seedDemoData } from './seed.js';

/** Each set parses with its resource's input schema (strict: no stray field), else its record's. */
function schemaOf(resource: Resource): z.core.$ZodType {
  const def = resourceDef(resource);
  const schema = def.input ?? def.record;
  if (schema === undefined) throw new Error(`${resource} has no schema`);
  return schema;
}

const META = {
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  deletedAt: null,
};

function recordsOf(data: DemoData, kind: Resource): NewRecord[] {
  const set = data.recordSets.find((s) => s.kind === kind);
  if (set === undefined) throw new Error(`no record set ${kind}`);
  return set.records;
}

function field(record: NewRecord, name: string): unknown {
  return record.data[name];
}

/** A list of ids, e.g. a home's staff list; fails the test when it is not one. */
function idsOf(record: NewRecord, name: string): string[] {
  const value = field(record, name);
  expect(Array.isArray(value), `${record.id} ${name}`).toBe(true);
  return Array.isArray(value) ? value.map(String) : [];
}

const demo = generateDemoData();

describe('generateDemoData', () => {
  it('is deterministic', () => {
    expect(generateDemoData()).toEqual(demo);
    expect(generateDemoData({ homes: 40, seed: 7 })).toEqual(
      generateDemoData({ homes: 40, seed: 7 }),
    );
    expect(generateDemoData({ homes: 40, seed: 7 })).not.toEqual(generateDemoData({ homes: 40 }));
  });

  it('has one set per record kind, homes before what hangs off them', () => {
    expect(demo.recordSets.map((s) => s.kind)).toEqual([...RESOURCES]);
    for (const set of demo.recordSets) expect(set.records.length, set.kind).toBeGreaterThan(0);
  });

  it('has the default size', () => {
    expect(recordsOf(demo, 'homes')).toHaveLength(150);
    expect(recordsOf(demo, 'employees')).toHaveLength(30);
    expect(recordsOf(demo, 'vendors')).toHaveLength(40);
    const communities = new Set(recordsOf(demo, 'homes').map((h) => field(h, 'Community')));
    expect(communities.size).toBe(4);
  });

  it('gives every record a valid, unique id and fields that parse with the domain schema', () => {
    for (const set of demo.recordSets) {
      const ids = new Set<string>();
      const schema = schemaOf(set.kind);
      for (const record of set.records) {
        expect(recordIdSchema.safeParse(record.id).success, record.id).toBe(true);
        expect(ids.has(record.id), `${set.kind} ${record.id} twice`).toBe(false);
        ids.add(record.id);
        for (const server of ['id', 'createdAt', 'updatedAt', 'deletedAt']) {
          expect(record.data, `${set.kind} ${record.id}`).not.toHaveProperty(server);
        }
        const result = z.safeParse(schema, { ...record.data, id: record.id, ...META });
        expect(result.error?.issues, `${set.kind} ${record.id}`).toBeUndefined();
      }
    }
  });

  it('binds records to existing homes, and to their walk or job', () => {
    const homeIds = new Set(recordsOf(demo, 'homes').map((h) => h.id));
    const jobIds = new Set(recordsOf(demo, 'jobs').map((j) => j.id));
    for (const set of demo.recordSets) {
      for (const record of set.records) {
        if (set.kind === 'employees' || set.kind === 'vendors') {
          expect(record.homeRid).toBeNull();
          continue;
        }
        expect(homeIds.has(record.homeRid ?? ''), `${set.kind} ${record.id}`).toBe(true);
        if ('HomeRID' in record.data) expect(field(record, 'HomeRID')).toBe(record.homeRid);
        if (set.kind === 'homes') expect(record.homeRid).toBe(record.id);
        if (set.kind === 'jobSchedules') {
          expect(record.parentId).toBe(field(record, 'JobRID'));
          expect(jobIds.has(record.parentId ?? '')).toBe(true);
        } else if (set.kind === 'walkItems') {
          expect(record.parentId).toBe(field(record, 'WalkID'));
        } else {
          expect(record.parentId).toBeNull();
        }
        if (set.kind === 'jobs') expect(field(record, 'JobRID')).toBe(record.id);
        if (set.kind === 'phoneCalls') expect(field(record, 'Home')).toBe(record.homeRid);
        if (set.kind === 'closing') expect(field(record, 'selectedHome')).toBe(record.homeRid);
      }
    }
  });

  it('names only existing employees and vendors', () => {
    const employees = new Set(recordsOf(demo, 'employees').map((e) => e.id));
    const vendors = new Set(recordsOf(demo, 'vendors').map((v) => v.id));
    for (const home of recordsOf(demo, 'homes')) {
      for (const type of STAFF_TYPES) {
        for (const id of idsOf(home, type)) {
          expect(employees.has(id), `${home.id} ${type} ${id}`).toBe(true);
        }
      }
    }
    for (const call of recordsOf(demo, 'phoneCalls'))
      expect(employees.has(String(field(call, 'Staff')))).toBe(true);
    for (const kind of [
      'homeStart',
      'preDrywall',
      'managerWalk',
      'landscape',
      'closing',
    ] as const) {
      for (const walk of recordsOf(demo, kind))
        expect(employees.has(String(field(walk, 'user')))).toBe(true);
    }
    for (const job of recordsOf(demo, 'jobs'))
      expect(vendors.has(String(field(job, 'Vendor')))).toBe(true);
    for (const kind of ['radon', 'soil', 'openhole', 'gic'] as const) {
      for (const test of recordsOf(demo, kind))
        expect(vendors.has(String(field(test, 'Vendor')))).toBe(true);
    }
  });

  it('has items of every walk type, both outstanding and complete, on a walk of the right kind', () => {
    const preDrywall = new Map(recordsOf(demo, 'preDrywall').map((w) => [w.id, w]));
    const closing = new Map(recordsOf(demo, 'closing').map((w) => [w.id, w]));
    const statuses = new Map<string, Set<unknown>>();
    for (const item of recordsOf(demo, 'walkItems')) {
      const type = String(field(item, 'Walk'));
      const walkId = String(field(item, 'WalkID'));
      const walk = type === 'frame-punch' ? preDrywall.get(walkId) : closing.get(walkId);
      expect(walk, `${item.id} on ${walkId}`).toBeDefined();
      if (type !== 'frame-punch')
        expect(walk === undefined ? undefined : field(walk, 'type')).toBe(type);
      expect(walk?.homeRid).toBe(item.homeRid);
      const status = field(item, 'Status');
      expect(field(item, 'Completed At') === null).toBe(status === 'Outstanding');
      const seen = statuses.get(type) ?? new Set();
      seen.add(status);
      statuses.set(type, seen);
    }
    for (const type of WALK_TYPES) {
      expect([...(statuses.get(type) ?? [])].sort(), type).toEqual(['Complete', 'Outstanding']);
    }
  });

  it('has closing walks of every type, with customerServiceStaff only on who walks', () => {
    const walks = recordsOf(demo, 'closing');
    for (const type of CLOSING_TYPES) {
      expect(
        walks.some((w) => field(w, 'type') === type),
        type,
      ).toBe(true);
    }
    for (const walk of walks) {
      expect('customerServiceStaff' in walk.data, walk.id).toBe(field(walk, 'type') === 'who');
      expect(field(walk, 'uploadedFiles')).toEqual([]);
    }
  });

  it('dates every event before the reference date', () => {
    const reference = Date.parse(DEMO_REFERENCE_DATE);
    const events: [Resource, string][] = [
      ['phoneCalls', 'Date'],
      ['walkItems', 'Completed At'],
      ['homeStart', 'date'],
      ['preDrywall', 'date'],
      ['managerWalk', 'date'],
      ['landscape', 'date'],
      ['closing', 'date'],
      ['notes', 'Date'],
      ['dailyLogs', 'Date'],
      ['reviews', 'Date'],
      ['radon', 'Test Date'],
      ['jobSchedules', 'Completed Date'],
    ];
    for (const [kind, name] of events) {
      for (const record of recordsOf(demo, kind)) {
        const value = field(record, name);
        if (value === null) continue;
        expect(typeof value, `${kind} ${record.id} ${name}`).toBe('string');
        const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
        expect(time, `${kind} ${record.id} ${name}`).toBeLessThan(reference);
      }
    }
  });

  it("logs days on the site of homes being built, each crew one of the company's vendors", () => {
    const vendors = new Set(recordsOf(demo, 'vendors').map((v) => v.id));
    const homes = new Map(recordsOf(demo, 'homes').map((h) => [h.id, h]));
    const logs = recordsOf(demo, 'dailyLogs');
    const perHome = new Map<string, string[]>();
    for (const log of logs) {
      const home = homes.get(log.homeRid ?? '');
      expect(home, log.id).toBeDefined();
      expect(field(home ?? log, 'KOVA Status'), log.id).not.toBe(KOVA_CANCELLED);
      const day = String(field(log, 'Date'));
      expect(perHome.get(log.homeRid ?? '') ?? [], `${log.id} repeats a day`).not.toContain(day);
      perHome.set(log.homeRid ?? '', [...(perHome.get(log.homeRid ?? '') ?? []), day]);
      const crews = field(log, 'Crews');
      expect(Array.isArray(crews), log.id).toBe(true);
      for (const crew of Array.isArray(crews) ? crews : []) {
        expect(vendors.has(String((crew as Record<string, unknown>)['Vendor'])), log.id).toBe(true);
      }
    }
    expect(perHome.size).toBeGreaterThan(20);
    expect(logs.some((log) => (field(log, 'Crews') as unknown[]).length > 1)).toBe(true);
    expect(logs.some((log) => (field(log, 'Delays') as unknown[]).length > 0)).toBe(true);
  });

  it('has test homes and cancelled homes', () => {
    const homes = recordsOf(demo, 'homes');
    const tests = homes.filter((h) => field(h, 'Status') === HOME_TEST_STATUS);
    const cancelled = homes.filter((h) => field(h, 'KOVA Status') === KOVA_CANCELLED);
    expect(tests.length).toBeGreaterThanOrEqual(4);
    expect(tests.length).toBeLessThanOrEqual(8);
    expect(cancelled.length).toBeGreaterThanOrEqual(6);
    expect(cancelled.length).toBeLessThanOrEqual(10);
    expect(tests.filter((h) => cancelled.includes(h))).toEqual([]);
    const addresses = new Set(homes.map((h) => field(h, 'Address')));
    expect(addresses.size).toBe(homes.length);
    expect(new Set(homes.map((h) => field(h, 'HomeID'))).size).toBe(homes.length);
  });

  it("puts each non-admin account's employee in several homes' Offline Homes", () => {
    const employees = new Set(recordsOf(demo, 'employees').map((e) => e.id));
    const homes = recordsOf(demo, 'homes');
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    expect(emails).toEqual([
      'admin@example.com',
      'manager@example.com',
      'builder@example.com',
      'cs@example.com',
      'demo@example.com',
      'pending@example.com',
    ]);
    for (const account of DEMO_ACCOUNTS) {
      if (account.email === 'admin@example.com') continue;
      const employee = account.airtableId ?? '';
      expect(employees.has(employee), account.email).toBe(true);
      const mine = homes.filter((h) => idsOf(h, 'Offline Homes').includes(employee));
      expect(mine.length, account.email).toBeGreaterThanOrEqual(5);
      // Demo accounts are held to testing mode: they need test homes of their own.
      expect(
        mine.some((h) => field(h, 'Status') === HOME_TEST_STATUS),
        account.email,
      ).toBe(true);
    }
  });

  it('gives the accounts their scopes', () => {
    const scopes = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.email, a.scopes]));
    expect(scopes['admin@example.com']).toEqual([
      { value: 'admin', approved: true, group: false, read: true, write: true },
    ]);
    for (const [email, value] of [
      ['manager@example.com', 'manager'],
      ['builder@example.com', 'builder'],
      ['cs@example.com', 'customerService'],
      ['demo@example.com', 'demo'],
    ] as const) {
      expect(scopes[email]).toEqual([
        { value, approved: true, group: true, read: true, write: true },
      ]);
    }
    expect(scopes['pending@example.com']).toEqual([INITIAL_SCOPE]);
    for (const account of DEMO_ACCOUNTS) {
      expect(account.firstName).not.toBe('');
      expect(account.lastName).not.toBe('');
      expect(account.role).not.toBe('');
    }
  });

  it('scales with the number of homes', () => {
    const started = performance.now();
    const large = generateDemoData({ homes: 1000 });
    expect(performance.now() - started).toBeLessThan(5000);
    const homes = recordsOf(large, 'homes');
    expect(homes).toHaveLength(1000);
    expect(new Set(homes.map((h) => h.id)).size).toBe(1000);
    expect(new Set(homes.map((h) => field(h, 'Address'))).size).toBe(1000);
    const tests = homes.filter((h) => field(h, 'Status') === HOME_TEST_STATUS).length;
    const cancelled = homes.filter((h) => field(h, 'KOVA Status') === KOVA_CANCELLED).length;
    expect(tests).toBe(40);
    expect(cancelled).toBe(53);
    // Per-home records grow with the homes; people and vendors do not.
    expect(recordsOf(large, 'walkItems').length).toBeGreaterThan(
      recordsOf(demo, 'walkItems').length * 5,
    );
    expect(recordsOf(large, 'employees')).toHaveLength(30);
    expect(recordsOf(large, 'vendors')).toHaveLength(40);
  });

  it('works for tiny companies and rejects a bad size', () => {
    const one = generateDemoData({ homes: 1 });
    expect(recordsOf(one, 'homes')).toHaveLength(1);
    expect(recordsOf(one, 'walkItems').length).toBeGreaterThan(0);
    expect(recordsOf(generateDemoData({ homes: 0 }), 'homes')).toHaveLength(0);
    expect(() => generateDemoData({ homes: -1 })).toThrow(RangeError);
    expect(() => generateDemoData({ homes: 1.5 })).toThrow(RangeError);
    expect(() => generateDemoData({ referenceDate: 'soon' })).toThrow(RangeError);
  });
});

/** The in-memory SQLite database, or a fresh schema of the test PostgreSQL. */
async function openTestDatabase(
  dialect: Dialect,
): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const database = openDatabase({ dataDir: '/tmp', sqliteFile: ':memory:' });
    return { database, close: () => database.db.destroy() };
  }
  const { schema, drop } = await createPostgresSchema();
  const database = openDatabase({ dataDir: '/tmp', databaseUrl: POSTGRES_URL, pgSchema: schema });
  return {
    database,
    close: async () => {
      await database.db.destroy();
      await drop();
    },
  };
}

describe.each(await availableDialects())('seedDemoData on %s', (dialect) => {
  it('seeds an empty database once, then leaves it alone', async () => {
    const { database, close } = await openTestDatabase(dialect);
    try {
      await migrateToLatest(database);
      const { db } = database;
      const now = '2026-11-01T13:00:00.000Z';
      const first = await seedDemoData(db, { password: 'demo-password', now });
      expect(first.seeded).toBe(true);
      expect(first.counts['users']).toBe(DEMO_ACCOUNTS.length);

      const rows = await db
        .selectFrom('records')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('kind')
        .execute();
      const stored = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
      const expected = Object.fromEntries(demo.recordSets.map((s) => [s.kind, s.records.length]));
      expect(stored).toEqual(expected);
      for (const kind of RESOURCES) expect(first.counts[kind]).toBe(expected[kind]);

      const times = await db
        .selectFrom('records')
        .select(['created_at', 'updated_at'])
        .distinct()
        .execute();
      expect(times).toEqual([{ created_at: now, updated_at: now }]);

      const users = new UserRepository(db);
      expect(await users.count()).toBe(DEMO_ACCOUNTS.length);
      const pending = await users.findByEmail('pending@example.com');
      expect(pending?.airtable_id).toBe('emp-005');
      expect(await users.scopesOf(pending?.id ?? '')).toEqual([INITIAL_SCOPE]);
      const admin = await users.findByEmail('admin@example.com');
      expect(await verifyPassword(admin?.password_hash, 'demo-password')).toBe(true);

      const again = await seedDemoData(db, { password: 'other-password' });
      expect(again).toEqual({ seeded: false, counts: {} });
      const total = await db
        .selectFrom('records')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(total.n)).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
      expect(await users.count()).toBe(DEMO_ACCOUNTS.length);

      await clearDatabase(db);
      expect(await users.count()).toBe(0);
      const small = await seedDemoData(db, { password: 'demo-password', homes: 5 });
      expect(small.seeded).toBe(true);
      expect(small.counts['homes']).toBe(5);
    } finally {
      await close();
    }
  });
});
