// The closing-walk PDF, built from plain data with pdf-lib and nothing of the DOM, so the
// same code runs in a Web Worker, in slices on the main thread, and in Node tests: what
// goes on its pages, in what order (pdf-layout.ts places it). No input can make it throw:
// text is reduced to what the standard fonts can encode and a photo that cannot be read
// becomes a line of text. Its words come in with the input (from
// the app's texts, walk-pdf-input.ts), so the builder holds none of its own.

import { formatNotificationDate } from '@field/domain';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Charset, EmbeddedImage, Fonts } from './pdf-layout';
import {
  BRAND,
  CONTENT_WIDTH,
  FOOTER_Y,
  INK,
  Layout,
  MARGIN,
  MUTED,
  RULE,
  TOP,
  baseline,
  embedImage,
  fit,
  lineHeightOf,
  sanitizeText,
} from './pdf-layout';

/**
 * The PDF's own words. `{name}` marks where the PDF puts a value: `{n}` a count, `{when}` a
 * date and time, `{value}` an item's field, `{note}` a line's note, `{version}` the app's
 * version, `{page}` and `{pages}` the page numbers.
 */
export interface WalkPdfWords {
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
  appVersion: string;
  generated: string;
  page: string;
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
    photos: { bytes: Uint8Array; type: string }[];
  }[];
  /** `signedAt` is ISO 8601; `png` the drawn signature. */
  signatures: { label: string; name: string; signedAt: string; png: Uint8Array }[];
  /** ISO 8601. */
  generatedAt: string;
}

const PHOTOS_PER_ROW = 4;
const PHOTO_GAP = 8;
const PHOTO_WIDTH = (CONTENT_WIDTH - (PHOTOS_PER_ROW - 1) * PHOTO_GAP) / PHOTOS_PER_ROW;
const PHOTO_HEIGHT = PHOTO_WIDTH * 0.75;
const SIGNATURES_PER_ROW = 2;
const SIGNATURE_GAP = 24;
const SIGNATURE_WIDTH =
  (CONTENT_WIDTH - (SIGNATURES_PER_ROW - 1) * SIGNATURE_GAP) / SIGNATURES_PER_ROW;
const SIGNATURE_HEIGHT = 70;

const PASS = rgb(0.1, 0.45, 0.2);
const FAIL = rgb(0.72, 0.11, 0.11);

const RESULT_COLUMN = 84;

/** A word with its `{name}` marks filled in (a mark without a value stays as it is). */
function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => {
    const value = values[name];
    return value === undefined ? mark : String(value);
  });
}

/** `MM/DD/YYYY HH:MM UTC` of an instant (no time for a date alone); bad input as it is. */
function formatWhen(iso: string, withTime = true): string {
  const millis = Date.parse(iso);
  if (Number.isNaN(millis)) return iso;
  const date = formatNotificationDate(millis);
  if (!withTime || !/T\d/.test(iso)) return date;
  const at = new Date(millis);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${date} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

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
  layout.ensure(44 + (shown.length > 0 ? PHOTO_HEIGHT + PHOTO_GAP : 0));
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
  for (let row = 0; row < shown.length; row += PHOTOS_PER_ROW) {
    layout.gap(4);
    layout.ensure(PHOTO_HEIGHT);
    const top = layout.y;
    shown.slice(row, row + PHOTOS_PER_ROW).forEach((photo, column) => {
      const x = MARGIN + 14 + column * (PHOTO_WIDTH - 14 / PHOTOS_PER_ROW + PHOTO_GAP);
      const width = PHOTO_WIDTH - 14 / PHOTOS_PER_ROW;
      layout.box(x, top, width, PHOTO_HEIGHT);
      if (photo.kind === 'image')
        layout.image(photo.image, x + 2, top - 2, width - 4, PHOTO_HEIGHT - 4);
      else layout.boxNote(words.photoUnreadable, x, top, width, PHOTO_HEIGHT);
    });
    layout.y = top - PHOTO_HEIGHT;
  }
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

/** Running header (pages after the first) and footer on every page, once the count is known. */
function drawPageFurniture(layout: Layout, input: WalkPdfInput): void {
  const { fonts } = layout;
  const pages = layout.doc.getPages();
  const size = 8;
  const third = CONTENT_WIDTH / 3;
  const { words } = input;
  const version = fit(
    layout.clean(fill(words.appVersion, { version: input.appVersion })),
    fonts.regular,
    size,
    third,
  );
  const generated = layout.clean(fill(words.generated, { when: formatWhen(input.generatedAt) }));
  const running = fit(
    layout.clean(`${input.company} - ${input.walk.title} - ${input.home.address}`),
    fonts.regular,
    size,
    CONTENT_WIDTH,
  );
  pages.forEach((page, index) => {
    page.drawLine({
      start: { x: MARGIN, y: FOOTER_Y + 12 },
      end: { x: MARGIN + CONTENT_WIDTH, y: FOOTER_Y + 12 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(version, { x: MARGIN, y: FOOTER_Y, size, font: fonts.regular, color: MUTED });
    const generatedWidth = fonts.regular.widthOfTextAtSize(generated, size);
    page.drawText(generated, {
      x: MARGIN + (CONTENT_WIDTH - generatedWidth) / 2,
      y: FOOTER_Y,
      size,
      font: fonts.regular,
      color: MUTED,
    });
    const count = layout.clean(fill(words.page, { page: index + 1, pages: pages.length }));
    page.drawText(count, {
      x: MARGIN + CONTENT_WIDTH - fonts.regular.widthOfTextAtSize(count, size),
      y: FOOTER_Y,
      size,
      font: fonts.regular,
      color: MUTED,
    });
    if (index > 0) {
      page.drawText(running, { x: MARGIN, y: TOP - 8, size, font: fonts.regular, color: MUTED });
      page.drawLine({
        start: { x: MARGIN, y: TOP - 12 },
        end: { x: MARGIN + CONTENT_WIDTH, y: TOP - 12 },
        thickness: 0.5,
        color: RULE,
      });
    }
  });
}

/** The walk as a PDF document. */
export async function buildWalkPdf(
  input: WalkPdfInput,
  /** `yieldEvery` is awaited between items and sections, so a main-thread caller can give way. */
  options: { yieldEvery?: () => Promise<void> } = {},
): Promise<Uint8Array> {
  const pause = options.yieldEvery ?? (() => Promise.resolve());
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const charset: Charset = new Set(fonts.regular.getCharacterSet());
  const clean = (text: string): string => sanitizeText(text, charset);
  const title = clean(`${input.walk.title} - ${input.home.address}`);
  doc.setTitle(title);
  doc.setAuthor(clean(input.company));
  doc.setCreator(clean(`${input.company} ${input.appVersion}`));
  doc.setProducer('pdf-lib');
  const generated = new Date(Date.parse(input.generatedAt));
  if (!Number.isNaN(generated.getTime())) {
    doc.setCreationDate(generated);
    doc.setModificationDate(generated);
  }

  const layout = new Layout(doc, fonts, charset);
  layout.text(input.company, { font: 'bold', size: 18, color: BRAND });
  layout.gap(4);
  layout.rule(BRAND);
  layout.gap(10);
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

  drawPageFurniture(layout, input);
  await pause();
  return doc.save();
}
