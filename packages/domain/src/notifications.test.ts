import { describe, expect, it } from 'vitest';
import type { Notification } from './entities.js';
import type { NotificationApp } from './notifications.js';
import {
  addressBelowTitle,
  formatNotificationDate,
  notificationAppSchema,
  notificationCreateSchema,
  notificationCountsSchema,
  notificationInTab,
  notificationListQuerySchema,
  notificationPageSchema,
  relativeTime,
  relativeTimeLabel,
  streamTicketSchema,
} from './notifications.js';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Just now, minutes, hours, days, weeks under 4, then MM/DD/YYYY.
describe('relativeTimeLabel', () => {
  it.each([
    ['the same instant', 0, 'Just now'],
    ['59 seconds', 59 * SECOND, 'Just now'],
    ['a clock ahead of ours', -5 * MINUTE, 'Just now'],
    ['1 minute', MINUTE, '1 minute ago'],
    ['59 minutes 59 seconds', HOUR - SECOND, '59 minutes ago'],
    ['1 hour', HOUR, '1 hour ago'],
    ['23 hours', 23 * HOUR + 59 * MINUTE, '23 hours ago'],
    ['1 day', DAY, '1 day ago'],
    ['6 days', 7 * DAY - SECOND, '6 days ago'],
    ['1 week', 7 * DAY, '1 week ago'],
    ['3 weeks', 28 * DAY - SECOND, '3 weeks ago'],
    ['4 weeks', 28 * DAY, '10/23/2026'],
    ['a year', 365 * DAY, '11/20/2025'],
  ])('%s', (_name, elapsed, label) => {
    expect(relativeTimeLabel(NOW - elapsed, NOW)).toBe(label);
  });

  it('accepts ISO strings and dates', () => {
    expect(relativeTimeLabel('2026-11-20T11:58:00.000Z', new Date(NOW))).toBe('2 minutes ago');
  });

  it('gives the unit and count for translation', () => {
    expect(relativeTime(NOW - 3 * HOUR, NOW)).toEqual({ unit: 'hours', count: 3 });
    expect(relativeTime(NOW, NOW)).toEqual({ unit: 'justNow' });
    expect(relativeTime(NOW - 40 * DAY, NOW)).toEqual({ unit: 'date', date: '10/11/2026' });
  });

  it('rejects what is not a time', () => {
    expect(() => relativeTime('yesterday', NOW)).toThrow(RangeError);
  });
});

describe('formatNotificationDate', () => {
  it.each([
    ['2026-01-05T10:00:00.000Z', 'UTC', '01/05/2026'],
    ['2026-01-05T02:00:00.000Z', 'America/Denver', '01/04/2026'],
    ['2026-12-31T23:59:59.999Z', 'UTC', '12/31/2026'],
  ])('%s in %s is %s', (time, zone, date) => {
    expect(formatNotificationDate(time, zone)).toBe(date);
  });
});

describe('notification apps', () => {
  it.each([
    ['all', 'all'],
    ['website', 'website'],
    ['field', 'field'],
    ['design_studio', 'design_studio'],
    ['notification_info_portal', 'notification_info_portal'],
    ['home_info_portal', 'notification_info_portal'],
  ])('%s reads as %s', (input, app) => {
    expect(notificationAppSchema.parse(input)).toBe(app);
  });

  it('rejects other apps', () => {
    expect(notificationAppSchema.safeParse('mobile').success).toBe(false);
    expect(notificationAppSchema.safeParse(3).success).toBe(false);
  });

  it.each<[NotificationApp, NotificationApp, boolean]>([
    ['all', 'field', true],
    ['field', 'field', true],
    ['field', 'all', true],
    ['field', 'website', false],
    ['notification_info_portal', 'design_studio', false],
  ])('tab %s shows %s: %s', (tab, app, shown) => {
    expect(notificationInTab(tab, app)).toBe(shown);
  });

  it('reads the list query with defaults and the alias', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ app: 'all', page: 1 });
    expect(notificationListQuerySchema.parse({ app: 'home_info_portal', page: '3' })).toEqual({
      app: 'notification_info_portal',
      page: 3,
    });
    expect(notificationListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('notificationCreateSchema', () => {
  it('fills defaults', () => {
    expect(notificationCreateSchema.parse({ title: 'Hello', allUsers: true })).toEqual({
      title: 'Hello',
      category: 'announcement',
      app: 'all',
      priority: 'normal',
      metadata: {},
      allUsers: true,
    });
  });

  it.each([
    ['no recipient', { title: 'Hi' }],
    ['both recipients', { title: 'Hi', userId: 'u1', allUsers: true }],
    ['an empty title', { title: '  ', allUsers: true }],
    ['an unknown field', { title: 'Hi', allUsers: true, read: true }],
    ['a bad priority', { title: 'Hi', allUsers: true, priority: 'urgent' }],
    ['a bad time', { title: 'Hi', allUsers: true, timestamp: 'soon' }],
    ['a nested metadata value', { title: 'Hi', allUsers: true, metadata: { a: { b: 1 } } }],
  ])('rejects %s', (_name, input) => {
    expect(notificationCreateSchema.safeParse(input).success).toBe(false);
  });
});

describe('answer schemas', () => {
  const counts = {
    apps: Object.fromEntries(
      ['all', 'website', 'field', 'design_studio', 'notification_info_portal'].map((app) => [
        app,
        { total: 1, unread: 0 },
      ]),
    ),
    categories: { punch_item: { total: 1, unread: 0 } },
  };

  it('read counts with every tab, and refuse a missing tab', () => {
    expect(notificationCountsSchema.safeParse(counts).success).toBe(true);
    const apps = Object.fromEntries(Object.entries(counts.apps).filter(([app]) => app !== 'field'));
    expect(notificationCountsSchema.safeParse({ ...counts, apps }).success).toBe(false);
  });

  it('read a page of notifications', () => {
    const page = {
      notifications: [
        {
          id: 'n1',
          title: 'Hello',
          read: false,
          priority: 'normal',
          timestamp: '2026-11-20T12:00:00.000Z',
          metadata: { homeAddress: '1 Main St', homeRID: 'h1' },
          category: 'announcement',
          app: 'all',
          createdAt: '2026-11-20T12:00:00.000Z',
          updatedAt: '2026-11-20T12:00:00.000Z',
          deletedAt: null,
        },
      ],
      app: 'all',
      page: 1,
      pageSize: 10,
      total: 1,
      totalPages: 1,
    };
    expect(notificationPageSchema.safeParse(page).success).toBe(true);
  });

  it('read a stream ticket, and refuse one without its ticket', () => {
    const ticket = { ticket: 'abc123', expiresAt: '2026-11-20T12:01:00.000Z' };
    expect(streamTicketSchema.parse(ticket)).toEqual(ticket);
    expect(streamTicketSchema.safeParse({ expiresAt: ticket.expiresAt }).success).toBe(false);
  });
});

describe('addressBelowTitle', () => {
  const told = (title: string, homeAddress?: string): Notification =>
    // Safe: only the title and the metadata are read.
    ({ title, metadata: homeAddress === undefined ? {} : { homeAddress } }) as Notification;
  const address = '3400 Granite Ridge Road, Loveland, CO 80538';

  it('leaves out an address the title names, and shows one it does not', () => {
    expect(addressBelowTitle(told(`Phone call logged for ${address}`, address))).toBeUndefined();
    expect(addressBelowTitle(told('Selections are ready', address))).toBe(address);
    expect(addressBelowTitle(told('Portal maintenance tonight'))).toBeUndefined();
    expect(addressBelowTitle(told('Portal maintenance tonight', ''))).toBeUndefined();
  });
});
