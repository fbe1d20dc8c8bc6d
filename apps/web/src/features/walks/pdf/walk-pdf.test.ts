// @vitest-environment node
// The closing-walk PDF as a reader gets it: opened by pdf-lib, its text read by poppler's
// pdftotext (the way a person's viewer lays it out), every word inside its page.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestWalk, photoJpeg, photoPng } from './testing';
import { buildWalkPdf } from '../../../lib/pdf/walk-pdf';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
// Locally the text checks need poppler-utils; CI installs it (.ci/run), so there a missing
// pdftotext fails the test instead of skipping it.
const textChecks = hasPdftotext || process.env['CI'] !== undefined;
if (!textChecks) {
  console.warn(
    'walk-pdf.test: pdftotext not found (apt-get install poppler-utils); text checks skipped',
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'walk-pdf-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function pdfText(bytes: Uint8Array, ...args: string[]): string {
  const file = path.join(dir, `walk-${(files += 1)}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  // Lines joined: a label and its value may be laid out on one line or two.
  return run.stdout.replace(/\s+/g, ' ');
}

describe('buildWalkPdf', () => {
  it('makes a multi-page PDF of a 30-item, 20-photo walk with 2 signatures', async () => {
    const input = buildTestWalk({ items: 30, photos: 20 });
    expect(input.items.reduce((n, item) => n + item.photos.length, 0)).toBe(20);

    const bytes = await buildWalkPdf(input);

    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(doc.getTitle()).toContain('Final punch walk');
    if (!textChecks) return;
    const text = pdfText(bytes);
    for (const expected of [
      'Field App',
      '1418 Juniper Ridge Ln, Austin, TX 78745',
      'H-2291',
      'R-88310',
      'Final punch walk',
      '03/11/2025 14:05 UTC',
      'Walked by',
      'Sam Super',
      'Casey Care',
      'Exterior',
      'Interior',
      'Pass',
      'Fail',
      'N/A',
      'Not answered',
      'Gap at the corner board',
      'Garage side door rubs at the head',
      'Punch item number 30',
      're-hung before closing',
      'Jordan Buyer',
      'Signed 03/11/2025 15:42 UTC',
      '2.0.7 (built 2025-03-11)',
      'Generated 03/11/2025 15:45 UTC',
      'Page 1 of',
      `Page ${doc.getPageCount()} of ${doc.getPageCount()}`,
    ]) {
      expect(text).toContain(expected);
    }
    // Every page carries the footer.
    for (let page = 1; page <= doc.getPageCount(); page += 1) {
      expect(text).toContain(`Page ${page} of ${doc.getPageCount()}`);
    }
  });

  it.skipIf(!textChecks)('keeps every word inside its page, however long the text', async () => {
    const input = buildTestWalk({ items: 12, photos: 6 });
    input.walk.notes = Array.from(
      { length: 120 },
      (_, i) => `Line ${i + 1} of the notes, long enough to wrap across the page width twice over.`,
    ).join('\n');
    input.items[0] = {
      name: 'x'.repeat(400),
      category: 'Unbroken',
      location: 'A'.repeat(300),
      status: 'Open',
      photos: [],
    };
    input.home.address = `${'Very long street name '.repeat(20)}End`;

    const bytes = await buildWalkPdf(input);

    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(2);
    const text = pdfText(bytes);
    expect(text).toContain('Line 120 of the notes');
    expect(text).toContain('End');
    // -bbox lists each word with its box: none may run off the page.
    const file = path.join(dir, 'bbox.pdf');
    writeFileSync(file, bytes);
    const html = spawnSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }).stdout;
    const boxes = [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)/g,
      ),
    ];
    expect(boxes.length).toBeGreaterThan(500);
    const outside = boxes.filter(([, x0, y0, x1, y1]) => {
      const [left, top, right, bottom] = [x0, y0, x1, y1].map(Number) as [
        number,
        number,
        number,
        number,
      ]; // Four numeric groups matched above.
      return left < 20 || top < 20 || right > 612 - 20 || bottom > 792 - 20;
    });
    expect(outside.map((m) => m[5])).toEqual([]);
  });

  it('turns unreadable photos and text the fonts lack into marks, never an error', async () => {
    const input = buildTestWalk({ items: 3, photos: 0 });
    const garbage = new Uint8Array(2048).map((_, i) => (i * 7919) % 251);
    const big = new Uint8Array(4096);
    big.set(photoJpeg(), 100);
    const item = input.items[0];
    if (item === undefined) throw new Error('test walk has items');
    item.name = 'Crack 🏠 in tile ➡️ 玄関 Ω';
    item.photos = [
      { bytes: garbage, type: 'image/jpeg' },
      { bytes: garbage.slice(0, 10), type: 'image/png' },
      { bytes: photoPng(3).slice(0, 60), type: 'image/png' },
      { bytes: new Uint8Array(), type: 'image/jpeg' },
      // A view into a larger buffer: only its own bytes are the photo.
      { bytes: big.subarray(100, 100 + photoJpeg().length), type: 'image/jpeg' },
      { bytes: photoPng(4), type: 'image/heic' },
    ];
    input.home.address = '12 Oak St 🌳 — Café';
    input.walk.notes = 'Tab\there, null \u0000 char, RTL שלום, CJK 漢字, emoji 👍🏽, done.';
    input.staff.push({ label: 'Walked by 👷', name: '山田 太郎' });
    input.checklist[0]?.lines.push({ label: '✓ Smoke alarms', result: 'pass', note: '🔥 none' });
    input.signatures = [
      { label: 'Buyer', name: 'Zoë 👩‍👩‍👧', signedAt: 'not a date', png: garbage },
      { label: 'Superintendent', name: 'Sam', signedAt: '2025-03-11', png: new Uint8Array() },
    ];
    input.generatedAt = 'garbage';

    const bytes = await buildWalkPdf(input);

    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    if (!textChecks) return;
    const text = pdfText(bytes);
    expect(text.match(/\(photo could not be read\)/g)).toHaveLength(4);
    expect(text).toContain('(1 file not in JPEG or PNG format left out)');
    expect(text).toContain('(signature could not be read)');
    expect(text).toContain('Crack ? in tile ? ?? ?');
    expect(text).toContain('12 Oak St ? — Café');
    expect(text).toContain('Zoë ???');
    expect(text).toContain('?? ??');
    expect(text).toContain('RTL ????, CJK ??');
    expect(text).toContain('Signed not a date');
    expect(text).toContain('Signed 03/11/2025');
    expect(text).toContain('emoji ??, done.');
  });

  it('says only the words it is given, so a second language is a texts file', async () => {
    const input = buildTestWalk({ items: 2, photos: 0 });
    input.words = {
      ...input.words,
      checklist: 'Checkliste',
      result: { pass: 'Bestanden', fail: 'Mangel', na: 'Entfällt', notAnswered: 'Offen' },
      punchItems: 'Mängel ({n})',
      page: 'Seite {page} von {pages}',
      signed: 'Unterschrieben {when}',
    };

    const bytes = await buildWalkPdf(input);

    if (!textChecks) return;
    const text = pdfText(bytes);
    for (const word of [
      'Checkliste',
      'Bestanden',
      'Mangel',
      'Offen',
      'Mängel (2)',
      'Seite 1 von',
    ]) {
      expect(text).toContain(word);
    }
    expect(text).toContain('Unterschrieben 03/11/2025 15:42 UTC');
    for (const english of ['Pass', 'Not answered', 'Punch items', 'Page 1 of', 'Signed ']) {
      expect(text).not.toContain(english);
    }
  });

  it('names the signed walk an amendment amends under its title', async () => {
    const input = buildTestWalk({ items: 1, photos: 0 });
    const line = 'Amendment 1: amends the signed walk of 11/10/2026';
    input.walk = { ...input.walk, amends: line };

    const bytes = await buildWalkPdf(input);

    if (!textChecks) return;
    expect(pdfText(bytes)).toContain(line);
    expect(pdfText(await buildWalkPdf(buildTestWalk({ items: 1, photos: 0 })))).not.toContain(
      'Amendment',
    );
  });

  it('gives way to its caller between items', async () => {
    const input = buildTestWalk({ items: 10, photos: 4 });
    let slices = 0;

    await buildWalkPdf(input, {
      yieldEvery: () => {
        slices += 1;
        return Promise.resolve();
      },
    });

    expect(slices).toBeGreaterThanOrEqual(input.items.length);
  });
});
