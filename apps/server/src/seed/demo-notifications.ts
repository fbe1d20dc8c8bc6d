// A handful of notifications for each demo account, so the bell and the notifications
// page show every tab, category and relative-time label from the first sign-in. The
// content is fixed; times count back from the seeding time, so "Just now" is true.

import type { NotificationApp, StaffType } from '@field/domain';
import { NOTIFICATION_CATEGORIES, STAFF_TYPES } from '@field/domain';
import type { NewNotification } from '../modules/notifications/repository.js';
import type { NewRecord } from '../modules/records/repository.js';
import type { DemoAccount, DemoData } from './demo-data.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface DemoNotification extends Omit<NewNotification, 'timestamp' | 'createdAt'> {
  read: boolean;
  /** How long before the seeding time it was made. */
  ageMs: number;
}

/** The rows to store when seeding at `now`: made (and timestamped) `ageMs` before it. */
export function datedNotifications(
  notifications: readonly DemoNotification[],
  now: string,
): NewNotification[] {
  const base = Date.parse(now);
  return notifications.map(({ ageMs, ...n }) => {
    const time = new Date(base - ageMs).toISOString();
    return { ...n, timestamp: time, createdAt: time };
  });
}

interface Template {
  ageMs: number;
  read: boolean;
  app: NotificationApp;
  category: string;
  priority: string;
  title: (address: string) => string;
  /** Whether it tells of a home (then metadata.homeAddress is set). */
  home: boolean;
}

const TEMPLATES: readonly Template[] = [
  {
    ageMs: 20_000,
    read: false,
    app: 'field',
    category: NOTIFICATION_CATEGORIES.punchItem,
    priority: 'high',
    title: (address) => `New final punch item at ${address}: Drywall crack (Kitchen)`,
    home: true,
  },
  {
    ageMs: 12 * MINUTE,
    read: false,
    app: 'field',
    category: NOTIFICATION_CATEGORIES.phoneCall,
    priority: 'normal',
    title: (address) => `Phone call logged for ${address}`,
    home: true,
  },
  {
    ageMs: 3 * HOUR,
    read: false,
    app: 'design_studio',
    category: 'design_selection',
    priority: 'normal',
    title: (address) => `Design selections are ready for review for ${address}`,
    home: true,
  },
  {
    ageMs: 2 * DAY,
    read: false,
    app: 'notification_info_portal',
    category: 'home_info_portal',
    priority: 'low',
    title: (address) => `The buyers of ${address} opened their home info portal`,
    home: true,
  },
  {
    ageMs: 10 * DAY,
    read: true,
    app: 'website',
    category: NOTIFICATION_CATEGORIES.announcement,
    priority: 'low',
    title: () => 'The company website has a new warranty request page',
    home: false,
  },
  {
    ageMs: 40 * DAY,
    read: true,
    app: 'all',
    category: NOTIFICATION_CATEGORIES.announcement,
    priority: 'normal',
    title: () => 'Welcome to the field app 2.0.7',
    home: false,
  },
];

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
}

function staffIds(home: NewRecord): string[] {
  return STAFF_TYPES.flatMap((type: StaffType) => {
    const list = home.data[type];
    return Array.isArray(list) ? list.map(String) : [];
  });
}

/** The homes an account works on (its employee id on any staff list), else the first homes. */
function homesOf(account: DemoAccount, homes: readonly NewRecord[]): NewRecord[] {
  const employee = account.airtableId;
  const mine = employee === null ? [] : homes.filter((home) => staffIds(home).includes(employee));
  return mine.length > 0 ? mine : homes.slice(0, 4);
}

export function demoNotifications(data: DemoData): DemoNotification[] {
  const homes = data.recordSets.find((set) => set.kind === 'homes')?.records ?? [];
  return data.accounts.flatMap((account) => {
    const mine = homesOf(account, homes);
    return TEMPLATES.flatMap((template, index) => {
      const home = template.home ? mine[index % Math.max(mine.length, 1)] : undefined;
      if (template.home && home === undefined) return [];
      const address = home === undefined ? '' : text(home.data['Address'], home.id);
      return [
        {
          id: `demo-${account.id}-${index + 1}`,
          userId: account.id,
          title: template.title(address),
          priority: template.priority,
          category: template.category,
          app: template.app,
          metadata:
            home === undefined
              ? {}
              : {
                  homeAddress: address,
                  homeRID: home.id,
                  homeID: text(home.data['HomeID'], ''),
                },
          read: template.read,
          ageMs: template.ageMs,
        },
      ];
    });
  });
}
