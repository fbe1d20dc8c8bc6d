import { describe, expect, it } from 'vitest';
import { NOTIFICATION_APPS, notificationSchema } from '@field/domain';
import { DEMO_ACCOUNTS, generateDemoData } from './demo-data.js';
import { datedNotifications, demoNotifications } from './demo-notifications.js';

const demo = generateDemoData();
const NOW = '2026-11-20T12:00:00.000Z';

describe('demo notifications', () => {
  const notifications = demoNotifications(demo);

  it('are deterministic', () => {
    expect(demoNotifications(generateDemoData())).toEqual(notifications);
  });

  it('give every demo account a handful, over every tab, some read', () => {
    for (const account of DEMO_ACCOUNTS) {
      const mine = notifications.filter((n) => n.userId === account.id);
      expect(mine.length, account.email).toBeGreaterThanOrEqual(5);
      expect(new Set(mine.map((n) => n.app)), account.email).toEqual(new Set(NOTIFICATION_APPS));
      expect(mine.some((n) => n.read)).toBe(true);
      expect(mine.some((n) => !n.read)).toBe(true);
    }
    expect(new Set(notifications.map((n) => n.id)).size).toBe(notifications.length);
  });

  it("name homes the account works on, with the home's address", () => {
    const homes = new Map(
      (demo.recordSets.find((s) => s.kind === 'homes')?.records ?? []).map((h) => [h.id, h]),
    );
    const builder = DEMO_ACCOUNTS.find((a) => a.email === 'builder@example.com');
    for (const n of notifications) {
      const homeRid = n.metadata['homeRID'];
      if (typeof homeRid !== 'string') continue;
      const home = homes.get(homeRid);
      expect(home, n.id).toBeDefined();
      expect(n.metadata['homeAddress']).toBe(home?.data['Address']);
      if (n.userId === builder?.id) {
        expect(JSON.stringify(home?.data)).toContain(builder.airtableId ?? 'none');
      }
    }
  });

  it('are dated back from the seeding time and parse as notifications', () => {
    const dated = datedNotifications(notifications, NOW);
    for (const n of dated) {
      expect(n.createdAt === undefined ? NaN : Date.parse(n.createdAt)).toBeLessThan(
        Date.parse(NOW),
      );
      const shown = {
        id: n.id,
        title: n.title,
        read: n.read ?? false,
        priority: n.priority,
        timestamp: n.timestamp,
        metadata: n.metadata,
        category: n.category,
        app: n.app,
        createdAt: n.createdAt,
        updatedAt: n.createdAt,
      };
      expect(notificationSchema.safeParse(shown).error).toBeUndefined();
    }
    expect(dated[0]?.createdAt).toBe('2026-11-20T11:59:40.000Z');
  });
});
