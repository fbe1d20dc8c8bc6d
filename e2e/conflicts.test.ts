// Nothing overwritten silently, end to end in Chromium against the real server: two
// people (two browser contexts) edit the same phone call and the same punch item offline
// and come online one after the other. The second sees the conflict with both values and
// who changed theirs; each choice (keep mine, take theirs, per field) ends with the server
// holding what was chosen, written once; edits of different fields merge without asking.
// A record changed by three users shows them in its history, in order.

import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UI } from '@field/domain';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import {
  PHONE_CALLS,
  homeWithClosingWalk,
  homeWithStaff,
  itemsOf,
  openPhoneCalls,
  openPunchItems,
  phoneCallRow,
  phoneCallsOf,
  punchItemRow,
  queueDrained,
} from './support/offline.js';
import type { Viewport } from './support/session.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, useE2eSession } from './support/session.js';
import { shot } from './support/shots.js';

const skipReason = skipReasonFor('conflicts e2e');
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const CUSTOMER_SERVICE = 'cs@example.com';

interface HistoryRow {
  operation: string;
  user: { name: string };
}

async function historyOf(base: string, token: string, kind: string, id: string) {
  const answer = await api(base, token, 'GET', `/api/history?kind=${kind}&id=${id}`);
  return answer.body as HistoryRow[];
}

async function nameOf(base: string, token: string): Promise<string> {
  const me = (await api(base, token, 'GET', '/api/users/me')).body as Record<string, unknown>;
  return `${String(me['firstName'])} ${String(me['lastName'])}`.trim();
}

async function editCall(
  page: Page,
  from: string,
  change: { notes?: string; voicemail?: boolean },
): Promise<void> {
  await phoneCallRow(page, from).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit phone call' });
  if (change.notes !== undefined) await dialog.getByLabel('Notes').fill(change.notes);
  if (change.voicemail !== undefined)
    await dialog.getByLabel('Voicemail').setChecked(change.voicemail);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function editItem(page: Page, from: string, change: Record<string, string>): Promise<void> {
  await punchItemRow(page, from).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit punch item' });
  for (const [label, value] of Object.entries(change)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function offline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.getByTestId('offline-indicator').waitFor();
}

/** Two people, each in a browser of their own, both on the same screen. */
interface Two {
  first: { page: Page; context: BrowserContext };
  second: { page: Page; context: BrowserContext };
}

describe.skipIf(skipReason !== undefined)('conflicts between two people', () => {
  const session = useE2eSession();

  async function withTwo(
    viewport: Viewport,
    emails: [string, string],
    open: (page: Page) => Promise<void>,
    run: (two: Two) => Promise<void>,
  ): Promise<void> {
    await session.withPage(viewport, async (firstPage, firstContext) => {
      await signIn(firstPage, emails[0]);
      await open(firstPage);
      await session.withPage(viewport, async (secondPage, secondContext) => {
        await signIn(secondPage, emails[1]);
        await open(secondPage);
        await run({
          first: { page: firstPage, context: firstContext },
          second: { page: secondPage, context: secondContext },
        });
      });
    });
  }

  /** The first comes online and sends; then the second, whose write is parked. */
  async function comeOnline(two: Two): Promise<void> {
    await two.first.context.setOffline(false);
    await queueDrained(two.first.page);
    await two.second.context.setOffline(false);
  }

  async function newCall(base: string, token: string, homeId: string, notes: string) {
    const count = (await phoneCallsOf(base, token, homeId)).length;
    const home = (await api(base, token, 'GET', '/api/field_homes/listActive')).body as ApiRecord[];
    const target = home.find((h) => h.id === homeId);
    const staffId = (target?.['Construction Staff'] as string[] | undefined)?.[0] ?? '';
    const created = await api(base, token, 'POST', `${PHONE_CALLS}/submit`, {
      Home: homeId,
      Staff: staffId,
      Date: new Date().toISOString(),
      Notes: notes,
      Voicemail: false,
    });
    expect(created.status).toBe(201);
    return { id: (created.body as ApiRecord).id, before: count + 1 };
  }

  const callOn = async (base: string, token: string, homeId: string, id: string) =>
    (await phoneCallsOf(base, token, homeId)).find((c) => c.id === id);

  it.each([
    ['keep mine', 'Keep mine', 'mine', DESKTOP],
    ['take theirs', 'Take theirs', 'theirs', PHONE],
  ] as const)(
    'phone call, same field: the second sees both values; %s',
    async (_, button, wins, viewport) => {
      const base = session.url();
      const token = await tokenFor(base, MANAGER);
      const home = await homeWithStaff(base, token, 5);
      const tag = `conflict-call-${wins}-${Date.now()}`;
      const { id, before } = await newCall(base, token, home.id, tag);
      const firstName = await nameOf(base, await tokenFor(base, CUSTOMER_SERVICE));
      await withTwo(
        viewport,
        [CUSTOMER_SERVICE, MANAGER],
        (page) => openPhoneCalls(page, base, home.id),
        async (two) => {
          await offline(two.first.page, two.first.context);
          await offline(two.second.page, two.second.context);
          await editCall(two.first.page, tag, { notes: `${tag} theirs` });
          await editCall(two.second.page, tag, { notes: `${tag} mine` });
          await comeOnline(two);
          const page = two.second.page;
          // The record itself says so, and its chip opens the choice.
          const row = page.locator(`[data-testid="phone-call"][data-sync="conflict"]`);
          await row.waitFor();
          // The replay that parked it is over: its "Syncing your changes…" goes once it can
          // have been read (UI.toastMinShownMs) rather than stand over the screen for its 5 s.
          await page
            .getByText('Syncing your changes…')
            .waitFor({ state: 'hidden', timeout: UI.toastMinShownMs + 2_000 });
          await shot(page, 'conflict-row');
          await row.getByTestId('sync-state').click();
          const dialog = page.getByRole('dialog', { name: 'Someone else changed this record' });
          const field = dialog.locator('[data-testid="conflict-field"][data-field="Notes"]');
          expect(await field.getByTestId('mine').textContent()).toBe(`${tag} mine`);
          expect(await field.getByTestId('theirs').textContent()).toBe(`${tag} theirs`);
          expect(await field.getByTestId('changed-by').textContent()).toContain(firstName);
          await shot(page, 'conflict-dialog');
          await dialog.getByRole('button', { name: button }).click();
          await dialog.getByRole('button', { name: 'Close' }).click();
          await queueDrained(page);
        },
      );
      const call = await callOn(base, token, home.id, id);
      expect(call?.['Notes']).toBe(`${tag} ${wins}`);
      const updates = (await historyOf(base, token, 'phoneCalls', id)).filter(
        (e) => e.operation === 'update',
      );
      // Theirs, and mine once more only when mine was kept: each write exactly once.
      expect(updates).toHaveLength(wins === 'mine' ? 2 : 1);
      expect(await phoneCallsOf(base, token, home.id)).toHaveLength(before);
    },
  );

  it('phone call, different fields: merged without asking', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 5);
    const tag = `conflict-call-merge-${Date.now()}`;
    const { id } = await newCall(base, token, home.id, tag);
    await withTwo(
      PHONE,
      [CUSTOMER_SERVICE, MANAGER],
      (page) => openPhoneCalls(page, base, home.id),
      async (two) => {
        await offline(two.first.page, two.first.context);
        await offline(two.second.page, two.second.context);
        await editCall(two.first.page, tag, { notes: `${tag} theirs` });
        await editCall(two.second.page, tag, { voicemail: true });
        await comeOnline(two);
        await queueDrained(two.second.page);
      },
    );
    expect(await callOn(base, token, home.id, id)).toMatchObject({
      Notes: `${tag} theirs`,
      Voicemail: true,
    });
  });

  it.each([
    ['keep mine, on a phone', 'Keep mine', 'mine', PHONE],
    ['take theirs, on a desktop', 'Take theirs', 'theirs', DESKTOP],
    ['pick per field, on a phone', 'Apply my choice', 'pick', PHONE],
  ] as const)('punch item, same fields: %s', async (_, button, choice, viewport) => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const { home, walkId } = await homeWithClosingWalk(base, admin, 'final-punch', 1);
    const tag = `conflict-item-${choice}-${Date.now()}`;
    const created = await api(base, admin, 'POST', '/api/field_walks/item/submit', {
      Walk: 'final-punch',
      WalkID: walkId,
      HomeRID: home.id,
      Category: 'Paint',
      Location: 'Kitchen',
      Name: tag,
    });
    expect(created.status).toBe(201);
    const id = (created.body as ApiRecord).id;
    await withTwo(
      viewport,
      [ADMIN, MANAGER],
      (page) => openPunchItems(page, base, home.id),
      async (two) => {
        await offline(two.first.page, two.first.context);
        await offline(two.second.page, two.second.context);
        await editItem(two.first.page, tag, { Location: 'Garage', Category: 'Trim' });
        await editItem(two.second.page, tag, { Location: 'Bath', Category: 'Drywall' });
        await comeOnline(two);
        const page = two.second.page;
        // The header's indicator leads to the Mutation Queue, where the conflict waits.
        await page.locator('[data-testid="punch-item"]', { hasText: tag }).first().waitFor();
        await page.getByTestId('offline-indicator').click();
        const conflict = page.getByTestId('conflict');
        await conflict.waitFor();
        // Nor here does the replay's "Syncing your changes…" stay over the panel's buttons.
        await page
          .getByText('Syncing your changes…')
          .waitFor({ state: 'hidden', timeout: UI.toastMinShownMs + 2_000 });
        const location = conflict.locator('[data-testid="conflict-field"][data-field="Location"]');
        const category = conflict.locator('[data-testid="conflict-field"][data-field="Category"]');
        expect(await location.getByTestId('mine').textContent()).toBe('Bath');
        expect(await location.getByTestId('theirs').textContent()).toBe('Garage');
        expect(await category.getByTestId('mine').textContent()).toBe('Drywall');
        expect(await category.getByTestId('theirs').textContent()).toBe('Trim');
        if (choice === 'pick') {
          await location.getByRole('radio').first().check();
          await category.getByRole('radio').nth(1).check();
        }
        await shot(page, `conflict-queue-${choice}`);
        await conflict.getByRole('button', { name: button }).click();
        await queueDrained(page);
      },
    );
    const item = (await itemsOf(base, admin, home.id)).find((i) => i.id === id);
    const expected = {
      mine: { Location: 'Bath', Category: 'Drywall' },
      theirs: { Location: 'Garage', Category: 'Trim' },
      pick: { Location: 'Bath', Category: 'Trim' },
    }[choice];
    expect(item).toMatchObject(expected);
    const updates = (await historyOf(base, admin, 'walkItems', id)).filter(
      (e) => e.operation === 'update',
    );
    // Theirs, then the resolution once (none when theirs was taken).
    expect(updates).toHaveLength(choice === 'theirs' ? 1 : 2);
  });

  it('shows a record changed by three users in its history, in order', async () => {
    const base = session.url();
    const tokens = [
      await tokenFor(base, MANAGER),
      await tokenFor(base, CUSTOMER_SERVICE),
      await tokenFor(base, ADMIN),
    ];
    const home = await homeWithStaff(base, tokens[0] ?? '', 6);
    const tag = `history-${Date.now()}`;
    const { id } = await newCall(base, tokens[0] ?? '', home.id, tag);
    const names = [await nameOf(base, tokens[0] ?? '')];
    for (const [index, token] of tokens.slice(1).entries()) {
      const answer = await api(base, token, 'PATCH', `${PHONE_CALLS}/update?id=${id}`, {
        Notes: `${tag} by ${index + 2}`,
        Voicemail: false,
      });
      expect(answer.status).toBe(200);
      names.push(await nameOf(base, token));
    }
    // The same history on a desktop and on a phone.
    for (const viewport of [DESKTOP, PHONE]) {
      await session.online.withPage(viewport, async (page) => {
        await signIn(page, MANAGER);
        await openPhoneCalls(page, base, home.id);
        await phoneCallRow(page, `${tag} by 3`)
          .getByRole('button', { name: /^History of/ })
          .click();
        const dialog = page.getByRole('dialog', { name: /^History of/ });
        await dialog.getByTestId('history-entry').nth(2).waitFor();
        const shown = await dialog
          .getByTestId('history-entry')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-user')));
        expect(shown).toEqual(names);
        await shot(page, 'history');
        expect(await dialog.getByTestId('history-entry').nth(2).textContent()).toContain(
          `${tag} by 2\u00a0→ ${tag} by 3`,
        );
      });
    }
  });
});
