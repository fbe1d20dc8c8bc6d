// The closing-walk PDF, built from plain data with pdf-lib and nothing of the DOM, so the
// same code runs in a Web Worker, in slices on the main thread, and in Node tests: what
// goes on its pages, in what order (pdf-layout.ts places it). No input can make it throw:
// text is reduced to what the standard fonts can encode and a photo that cannot be read
// becomes a line of text. Its words come in with the input (from the app's texts,
// features/walks/walk-pdf-input.ts), so the builder holds none of its own.

import { rgb } from 'pdf-lib';
import type { EmbeddedImage, FooterWords, Layout, PdfPhoto } from './pdf-layout';
import {
  CONTENT_WIDTH,
  INK,
  MARGIN,
  MUTED,
  baseline,
  drawPageFurniture,
  embedImage,
  fill,
  formatWhen,
  lineHeightOf,
  startPdf,
} from './pdf-layout';

/**
 * The PDF's own words. `{name}` marks where the PDF puts a value: `{n}` a count, `{when}` a
 * date and time, `{value}` an item's field, `{note}` a line's note, `{version}` the app's
 * version, `{page}` and `{pages}` the page numbers.
 */
export interface WalkPdfWords extends FooterWords {
  address: string;
  homeId: string;
  homeRid: string;
  walkId: string;
  staff: string;
  checklist: string;
  noChecklist: string;
  result: { pass: string; fail: string; na: string; notAnswered: string };
  note: string;
  punchItems: string;
  noPunchItems: string;
  category: string;
  location: string;
  status: string;
  photoUnreadable: string;
  fileLeftOut: string;
  filesLeftOut: string;
  notes: string;
  noNotes: string;
  signatures: string;
  signatureUnreadable: string;
  signed: string;
}

export interface WalkPdfInput {
  words: WalkPdfWords;
  /** Header line, e.g. "Field App". */
  company: string;
  /** e.g. "2.0.7 (built 2025-03-11)". */
  appVersion: string;
  home: { address: string; homeId: string; homeRid: string };
  /** `date` is ISO 8601 (a date or an instant). */
  /** `amends`: an amendment's line naming the signed walk it amends. */
  walk: { id: string; title: string; date: string; notes: string; amends?: string };
  /** e.g. `{ label: 'Walked by', name: 'Sam Super' }`. */
  staff: { label: string; name: string }[];
  checklist: {
    title: string;
    lines: { label: string; result: 'pass' | 'fail' | 'na' | null; note?: string }[];
  }[];
  /** Photos of type image/jpeg or image/png; other types are left out. */
  items: {
    name: string;
    category: string;
    location: string;
    status: string;
    photos: PdfPhoto[];
  }[];
  /** `signedAt` is ISO 8601; `png` the drawn signature. */
  signatures: { label: string; name: string; signedAt: string; png: Uint8Array }[];
  /** ISO 8601. */
  generatedAt: string;
}

const PHOTOS_PER_ROW = 4;
/** A thumbnail's height: four to a row, indented under the item, at 4:3. */
const PHOTO_HEIGHT = ((CONTENT_WIDTH - 14 - (PHOTOS_PER_ROW - 1) * 8) / PHOTOS_PER_ROW) * 0.75;
const SIGNATURES_PER_ROW = 2;
const SIGNATURE_GAP = 24;
const SIGNATURE_WIDTH =
  (CONTENT_WIDTH - (SIGNATURES_PER_ROW - 1) * SIGNATURE_GAP) / SIGNATURES_PER_ROW;
const SIGNATURE_HEIGHT = 70;

const PASS = rgb(0.1, 0.45, 0.2);
const FAIL = rgb(0.72, 0.11, 0.11);

const RESULT_COLUMN = 84;

function drawChecklist(
  layout: Layout,
  section: WalkPdfInput['checklist'][number],
  words: WalkPdfWords,
): void {
  layout.ensure(50);
  layout.gap(6);
  layout.text(section.title, { font: 'bold', size: 11, keepWithNext: 16 });
  layout.gap(2);
  // Label and note stop short of the result column.
  const labelWidth = CONTENT_WIDTH - RESULT_COLUMN - 24;
  for (const line of section.lines) {
    const word = words.result[line.result ?? 'notAnswered'];
    const color = line.result === 'pass' ? PASS : line.result === 'fail' ? FAIL : MUTED;
    const note = line.note?.trim() ?? '';
    // The label and its result start on the same page.
    layout.ensure(lineHeightOf(10) + (note === '' ? 0 : lineHeightOf(9)));
    const page = layout.page;
    const top = layout.y;
    layout.text(line.label, { x: MARGIN + 8, width: labelWidth });
    page.drawText(word, {
      x: MARGIN + CONTENT_WIDTH - RESULT_COLUMN,
      y: baseline(top, 10),
      size: 10,
      font: line.result === null ? layout.fonts.italic : layout.fonts.bold,
      color,
    });
    if (note !== '') {
      layout.text(fill(words.note, { note }), {
        x: MARGIN + 20,
        width: labelWidth - 12,
        font: 'italic',
        size: 9,
        color: MUTED,
      });
    }
    layout.gap(3);
  }
}

async function drawItem(
  layout: Layout,
  item: WalkPdfInput['items'][number],
  index: number,
  words: WalkPdfWords,
): Promise<void> {
  const photos: EmbeddedImage[] = [];
  for (const photo of item.photos) photos.push(await embedImage(layout.doc, photo));
  const shown = photos.filter((p) => p.kind !== 'other-type');
  const otherTypes = photos.length - shown.length;

  // The name, its facts and the first row of photos stay together.
  layout.ensure(44 + (shown.length > 0 ? PHOTO_HEIGHT + 8 : 0));
  layout.gap(6);
  layout.text(`${index + 1}. ${item.name}`, { font: 'bold', size: 10.5 });
  layout.text(
    [
      fill(words.category, { value: item.category || '-' }),
      fill(words.location, { value: item.location || '-' }),
      fill(words.status, { value: item.status || '-' }),
    ].join('     '),
    { x: MARGIN + 14, size: 9, color: MUTED },
  );
  layout.photoRows(shown, {
    x: MARGIN + 14,
    width: CONTENT_WIDTH - 14,
    perRow: PHOTOS_PER_ROW,
    unreadable: words.photoUnreadable,
  });
  if (otherTypes > 0) {
    layout.gap(3);
    layout.text(
      otherTypes === 1 ? words.fileLeftOut : fill(words.filesLeftOut, { n: otherTypes }),
      { x: MARGIN + 14, size: 8.5, font: 'italic', color: MUTED },
    );
  }
  layout.gap(4);
}

async function drawSignatures(
  layout: Layout,
  signatures: WalkPdfInput['signatures'],
  words: WalkPdfWords,
  pause: () => Promise<void>,
): Promise<void> {
  const blockHeight = SIGNATURE_HEIGHT + 52;
  for (let row = 0; row < signatures.length; row += SIGNATURES_PER_ROW) {
    layout.ensure(blockHeight);
    const top = layout.y - 6;
    let lowest = top;
    for (const [column, signature] of signatures.slice(row, row + SIGNATURES_PER_ROW).entries()) {
      const x = MARGIN + column * (SIGNATURE_WIDTH + SIGNATURE_GAP);
      const embedded = await embedImage(layout.doc, { bytes: signature.png, type: 'image/png' });
      if (embedded.kind === 'image') {
        layout.image(embedded.image, x, top, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
      } else {
        layout.boxNote(words.signatureUnreadable, x, top, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
      }
      const lineY = top - SIGNATURE_HEIGHT - 2;
      layout.page.drawLine({
        start: { x, y: lineY },
        end: { x: x + SIGNATURE_WIDTH, y: lineY },
        thickness: 0.8,
        color: INK,
      });
      // Each column is laid out on its own, then the row continues under the taller one.
      layout.y = lineY - 2;
      // One line each, cut to fit, so a block never breaks across pages.
      layout.line(signature.label, x, SIGNATURE_WIDTH, { font: 'bold', size: 9, color: MUTED });
      layout.line(signature.name, x, SIGNATURE_WIDTH, { size: 10.5 });
      layout.line(
        fill(words.signed, { when: formatWhen(signature.signedAt) }),
        x,
        SIGNATURE_WIDTH,
        {
          size: 9,
          color: MUTED,
        },
      );
      lowest = Math.min(lowest, layout.y);
      layout.y = top;
      await pause();
    }
    layout.y = lowest - 14;
  }
}

/** The walk as a PDF document. */
export async function buildWalkPdf(
  input: WalkPdfInput,
  /** `yieldEvery` is awaited between items and sections, so a main-thread caller can give way. */
  options: { yieldEvery?: () => Promise<void> } = {},
): Promise<Uint8Array> {
  const pause = options.yieldEvery ?? (() => Promise.resolve());
  const layout = await startPdf({
    title: `${input.walk.title} - ${input.home.address}`,
    company: input.company,
    appVersion: input.appVersion,
    generatedAt: input.generatedAt,
  });
  layout.masthead(input.company);
  layout.text(input.walk.title, { font: 'bold', size: 15 });
  layout.text(formatWhen(input.walk.date), { size: 11, color: MUTED });
  if (input.walk.amends !== undefined) layout.text(input.walk.amends, { font: 'bold', size: 11 });
  layout.gap(8);
  const { words } = input;
  layout.fields([
    [words.address, input.home.address],
    [words.homeId, input.home.homeId],
    [words.homeRid, input.home.homeRid],
    [words.walkId, input.walk.id],
  ]);

  if (input.staff.length > 0) {
    layout.heading(words.staff, 16);
    layout.fields(
      input.staff.map((s): [string, string] => [s.label, s.name]),
      120,
    );
  }

  layout.heading(words.checklist);
  if (input.checklist.length === 0) layout.text(words.noChecklist, { color: MUTED });
  for (const section of input.checklist) {
    drawChecklist(layout, section, words);
    await pause();
  }

  layout.heading(fill(words.punchItems, { n: input.items.length }));
  if (input.items.length === 0) layout.text(words.noPunchItems, { color: MUTED });
  for (const [index, item] of input.items.entries()) {
    await drawItem(layout, item, index, words);
    await pause();
  }

  layout.heading(words.notes, 16);
  layout.text(input.walk.notes.trim() === '' ? words.noNotes : input.walk.notes, {
    color: input.walk.notes.trim() === '' ? MUTED : INK,
  });

  if (input.signatures.length > 0) {
    layout.heading(words.signatures, SIGNATURE_HEIGHT + 60);
    await drawSignatures(layout, input.signatures, words, pause);
  }

  drawPageFurniture(layout, {
    running: `${input.company} - ${input.walk.title} - ${input.home.address}`,
    appVersion: input.appVersion,
    generatedAt: input.generatedAt,
    words,
  });
  await pause();
  return layout.doc.save();
}
