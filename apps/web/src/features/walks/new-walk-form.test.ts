// @vitest-environment node
// A walk form of an existing kind is one entry in the domain's walk-form table plus its
// title in the texts: here a ninth form (a safety check, written as manager walks) is
// added to the table the way a developer would, and the menu, the route table, the form
// lookup and the closing-walk PDF all have it, with nothing else changed.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { WalkFormDef } from '@field/domain';
import {
  WALK_FORM_DEFS,
  checklistLines,
  findRoute,
  menuLeaves,
  resolveAccess,
  visibleMenu,
  walkFormOf,
} from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import type { OfflineEngine } from '../../offline/engine';
import { i18n, initI18n } from '../../ui/i18n';
import { buildWalkPdf } from '../../lib/pdf/walk-pdf';
import { walkPdfInput } from './walk-pdf-input';

vi.mock('../../../../../packages/domain/src/walk-forms.js', async (importOriginal) => {
  const table = await importOriginal<{ WALK_FORM_DEFS: readonly WalkFormDef[] }>();
  // The one entry: what a developer adds to WALK_FORM_DEFS (there with its `form` and
  // `section` helpers, which fill in the same fields).
  const safetyCheck: WalkFormDef = {
    segment: 'safety-check',
    kind: 'managerWalk',
    scope: 'manager_walks',
    itemWalk: 'frame-punch',
    sections: [
      {
        title: 'Fall protection',
        lines: [
          {
            id: 'guardrails',
            label: 'Guardrails on open edges',
            category: 'Safety',
            location: 'Second Floor',
          },
          {
            id: 'ladders',
            label: 'Ladders tied off',
            category: 'Safety',
            location: 'Second Floor',
          },
        ],
      },
    ],
    required: ['date', 'user'],
    extraFields: [],
    signOff: false,
    presentation: false,
  };
  return { ...table, WALK_FORM_DEFS: [...table.WALK_FORM_DEFS, safetyCheck] };
});

// ...and its title in the texts (locales/en/app.json, `nav.walk-{segment}`).
await initI18n();
i18n.addResource('en', 'translation', 'nav.walk-safety-check', 'Safety check');

const MANAGER = resolveAccess([
  { value: 'manager', approved: true, group: true, read: true, write: true },
]);

const dir = mkdtempSync(path.join(tmpdir(), 'new-walk-form-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a ninth walk form, added as one entry', () => {
  it('is in the table and found by its route segment', () => {
    expect(WALK_FORM_DEFS).toHaveLength(9);
    expect(walkFormOf('safety-check')?.kind).toBe('managerWalk');
  });

  it('has a route of the walk-form screen guarded by its scope', () => {
    expect(findRoute('/walks/safety-check')).toEqual({
      path: '/walks/safety-check',
      screen: 'walkForm',
      readScope: 'manager_walks',
      titleId: 'walk-safety-check',
    });
  });

  it('is in the walks menu of a user who may read it, titled from the texts', () => {
    const leaves = menuLeaves(visibleMenu(MANAGER, 'work'));
    const entry = leaves.find((leaf) => leaf.url === '/walks/safety-check');
    expect(entry?.id).toBe('walk-safety-check');
    expect(i18n.t(`nav.${entry?.id ?? ''}`)).toBe('Safety check');
    // After the eight forms, in table order.
    const walkLeaves = leaves.filter((leaf) => leaf.url?.startsWith('/walks/') === true);
    expect(walkLeaves.at(-1)).toBe(entry);
  });

  it('makes a PDF with its title and its checklist', async () => {
    const def = walkFormOf('safety-check');
    if (def === undefined) throw new Error('the ninth form is missing');
    const [first, second] = checklistLines(def);
    if (first === undefined || second === undefined) throw new Error('lines missing');
    // Safe: the PDF reads only the home's address and ids.
    const home = { id: 'h41', Address: '7 Birch Ct', HomeID: '41', HomeRID: 'R-41' } as ActiveHome;
    const input = await walkPdfInput(
      // Safe: the walk has no items, so no photo is read from the device.
      {} as OfflineEngine,
      {
        def,
        home,
        walk: {
          id: 'walk-41',
          date: '2026-11-23T10:00:00.000Z',
          notes: '',
          checklist: { [first.id]: { result: 'pass' }, [second.id]: { result: 'fail' } },
          signatures: [],
        },
        staff: [{ label: 'Walked by', name: 'Morgan Manager' }],
        items: [],
        t: i18n.t,
      },
    );

    const bytes = await buildWalkPdf(input);

    const file = path.join(dir, 'safety-check.pdf');
    writeFileSync(file, bytes);
    const run = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    if (run.error !== undefined && process.env['CI'] === undefined) return;
    const text = run.stdout.replace(/\s+/g, ' ');
    for (const words of ['Safety check walk', 'Fall protection', 'Guardrails on open edges']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('Ladders tied off Fail');
  });
});
