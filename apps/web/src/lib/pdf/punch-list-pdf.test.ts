// @vitest-environment node
// The punch list PDF as a trade reads it: text read back by poppler's pdftotext (grouped by
// home and location, due dates, overdue, status, the company's masthead), pages rendered by
// pdftoppm (PUNCH_LIST_PNG=folder keeps them to look at), every word inside its page.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../ui/i18n';
import { photoJpeg, photoPng } from '../../features/walks/pdf/testing';
import { punchListWords } from '../../features/items/lists/punch-list-words';
import type { PunchListItem, PunchListPdfInput } from './punch-list-pdf';
import { buildPunchListPdf, groupPunchList } from './punch-list-pdf';

const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;
// CI installs poppler-utils (.ci/run): there a missing pdftotext fails instead of skipping.
const textChecks = hasPoppler || process.env['CI'] !== undefined;

const dir = mkdtempSync(path.join(tmpdir(), 'punch-list-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdfText(bytes: Uint8Array, name: string, ...args: string[]): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  return run.stdout;
}

const HOMES = ['1418 Juniper Ridge Ln', '22 Oak Hollow Dr', '9 Cedar Bluff Ct'];
const LOCATIONS = ['Kitchen', 'Garage', 'Primary bath', 'Exterior', ''];

/** A trade's list: `count` items over three homes, `photos` photos between them. */
function vendorList(count: number, photos: number): PunchListPdfInput {
  let left = photos;
  const items: PunchListItem[] = Array.from({ length: count }, (_, i) => {
    const mine = Math.min(left, [2, 0, 1, 0, 3][i % 5] ?? 0);
    left -= mine;
    return {
      home: HOMES[i % HOMES.length] ?? '',
      location: LOCATIONS[i % LOCATIONS.length] ?? '',
      name: i === 0 ? 'Cracked tile by the range' : `Tile item ${i + 1}: grout gap at the joint`,
      walk: i % 2 === 0 ? 'Final punch' : 'New home presentation',
      category: 'Tile',
      trade: 'Tam Tile Co',
      priority: i % 7 === 0 ? 'High' : '',
      status: i % 6 === 5 ? 'Ready for review' : 'Outstanding',
      due: i % 3 === 0 ? '2026-01-20' : i % 3 === 1 ? '2026-12-24' : null,
      overdue: i % 3 === 0,
      photos: Array.from({ length: mine }, (__, p) =>
        (i + p) % 2 === 0
          ? { bytes: photoPng(i + p, 320, 240), type: 'image/png' }
          : { bytes: photoJpeg(), type: 'image/jpeg' },
      ),
    };
  });
  return {
    words: punchListWords(i18n.t),
    company: 'Field App',
    appVersion: '2.0.7 (built 2026-11-27)',
    title: 'Punch list',
    subject: 'Tam Tile Co',
    fields: [
      ['Trade', 'Tile'],
      ['Phone', '(555) 010-4455'],
      ['E-mail', 'tam@trade.example'],
    ],
    items,
    generatedAt: '2026-11-28T09:30:00.000Z',
  };
}

describe('groupPunchList', () => {
  it('groups by home, then by location A-Z with no location last, keeping the given order', () => {
    const item = (home: string, location: string, name: string) =>
      ({ ...vendorList(1, 0).items[0], home, location, name }) as PunchListItem;
    const groups = groupPunchList([
      item('B St', 'Kitchen', 'k1'),
      item('A St', '', 'none'),
      item('A St', 'garage', 'g1'),
      item('A St', ' Garage ', 'g2'),
      item('B St', 'Attic', 'a1'),
      item('B St', 'Kitchen', 'k2'),
    ]);
    expect(
      groups.map((g) => [g.home, g.locations.map((l) => [l.location, l.items.map((i) => i.name)])]),
    ).toEqual([
      [
        'A St',
        [
          ['garage', ['g1', 'g2']],
          ['', ['none']],
        ],
      ],
      [
        'B St',
        [
          ['Attic', ['a1']],
          ['Kitchen', ['k1', 'k2']],
        ],
      ],
    ]);
  });
});

describe('buildPunchListPdf', () => {
  it('reads back a trade’s 60 items over three homes by home and location, with due dates, overdue and photos', async () => {
    const input = vendorList(60, 30);

    const bytes = await buildPunchListPdf(input);

    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(2);
    expect(doc.getTitle()).toBe('Punch list - Tam Tile Co');
    if (!textChecks) return;
    const raw = pdfText(bytes, 'vendor');
    const text = raw.replace(/\s+/g, ' ');
    for (const expected of [
      'Field App',
      'Punch list',
      'Tam Tile Co',
      '(555) 010-4455',
      'tam@trade.example',
      '60 items, 20 overdue',
      '1418 Juniper Ridge Ln (20)',
      '22 Oak Hollow Dr (20)',
      '9 Cedar Bluff Ct (20)',
      'Cracked tile by the range',
      'Tile item 60: grout gap at the joint',
      'Status: Outstanding',
      'Status: Ready for review',
      'Walk: Final punch',
      'Trade: Tam Tile Co',
      'Priority: High',
      'Due 01/20/2026 - OVERDUE',
      'Due 12/24/2026',
      'No location',
      'Generated 11/28/2026 09:30 UTC',
      `Page ${doc.getPageCount()} of ${doc.getPageCount()}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Every item once; the homes in order, each home's locations A-Z, "No location" last.
    for (let i = 2; i <= 60; i += 1) {
      expect(text.split(`Tile item ${i}: `)).toHaveLength(2);
    }
    const at = (word: string): number => text.indexOf(word);
    // House numbers in number order (9 before 22 before 1418).
    expect(at('9 Cedar Bluff Ct (20)')).toBeLessThan(at('22 Oak Hollow Dr (20)'));
    expect(at('22 Oak Hollow Dr (20)')).toBeLessThan(at('1418 Juniper Ridge Ln (20)'));
    const firstHome = text.slice(at('9 Cedar Bluff Ct (20)'), at('22 Oak Hollow Dr (20)'));
    const locations = [
      ...firstHome.matchAll(/(Exterior|Garage|Kitchen|Primary bath|No location) \(\d+\)/g),
    ].map((m) => m[1]);
    expect(locations).toEqual(['Exterior', 'Garage', 'Kitchen', 'Primary bath', 'No location']);

    // Rendered, for looking at: every page paints, the photo thumbnails among them.
    const out = process.env['PUNCH_LIST_PNG'] ?? path.join(dir, 'png');
    mkdirSync(out, { recursive: true });
    const render = spawnSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      path.join(dir, 'vendor.pdf'),
      path.join(out, 'punch-list-vendor'),
    ]);
    expect(render.status).toBe(0);
    expect(readdirSync(out).filter((f) => f.startsWith('punch-list-vendor'))).toHaveLength(
      doc.getPageCount(),
    );
  });

  it.skipIf(!textChecks)(
    'lists one home’s items by location without home headings, every word inside its page',
    async () => {
      const input = vendorList(12, 4);
      input.items = input.items.map((item) => ({ ...item, home: HOMES[0] ?? '' }));
      input.items[1] = {
        ...input.items[1],
        name: 'x'.repeat(300),
        location: 'L'.repeat(200),
      } as PunchListItem;
      // Files of the device's store go to the builder as Blobs, read only there.
      input.items[0] = {
        ...(input.items[0] as PunchListItem), // Twelve items were made above.
        photos: [
          new Blob([Uint8Array.from(photoJpeg())], { type: 'image/jpeg' }),
          new Blob(['not a photo'], { type: 'image/png' }),
        ],
      };
      input.subject = HOMES[0] ?? '';
      input.fields = [['HomeID', 'H-2291']];

      const bytes = await buildPunchListPdf(input);

      const text = pdfText(bytes, 'home').replace(/\s+/g, ' ');
      expect(text).toContain('HomeID H-2291');
      expect(text).toContain('Kitchen (3)');
      expect(text).not.toContain(`${HOMES[0] ?? ''} (12)`);
      expect(text.match(/\(photo could not be read\)/g)).toHaveLength(1);
      const html = pdfText(bytes, 'home-bbox', '-bbox');
      const boxes = [
        ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">/g),
      ];
      expect(boxes.length).toBeGreaterThan(100);
      const outside = boxes.filter(([, x0, y0, x1, y1]) => {
        const [left, top, right, bottom] = [x0, y0, x1, y1].map(Number) as [
          number,
          number,
          number,
          number,
        ]; // Four numeric groups matched above.
        return left < 20 || top < 20 || right > 612 - 20 || bottom > 792 - 20;
      });
      expect(outside).toEqual([]);
    },
  );

  it.skipIf(!textChecks)('says an empty list has no items', async () => {
    const input = vendorList(0, 0);
    const text = pdfText(await buildPunchListPdf(input), 'empty').replace(/\s+/g, ' ');
    expect(text).toContain('0 items, 0 overdue');
    expect(text).toContain('No items.');
  });
});
