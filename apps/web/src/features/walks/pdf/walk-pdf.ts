// The closing-walk PDF, built from plain data with pdf-lib and nothing of the DOM, so the
// same code runs in a Web Worker, in slices on the main thread, and in Node tests.
// No input can make it throw: text is reduced to what the standard fonts can encode and a
// photo that cannot be read becomes a line of text. Its words come in with the input (from
// the app's texts, walk-pdf-input.ts), so the builder holds none of its own.

import { formatNotificationDate } from '@field/domain';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';

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
  walk: { id: string; title: string; date: string; notes: string };
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

// US Letter, in points: the dates are written MM/DD/YYYY for US builders.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 42;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const TOP = PAGE_HEIGHT - MARGIN;
/** Content stops here; the footer sits below. */
const BOTTOM = MARGIN + 22;
const FOOTER_Y = MARGIN - 8;

const PHOTOS_PER_ROW = 4;
const PHOTO_GAP = 8;
const PHOTO_WIDTH = (CONTENT_WIDTH - (PHOTOS_PER_ROW - 1) * PHOTO_GAP) / PHOTOS_PER_ROW;
const PHOTO_HEIGHT = PHOTO_WIDTH * 0.75;
/** Larger PNGs are not decoded (they would take the memory of a whole device). */
const MAX_PNG_PIXELS = 40_000_000;

const SIGNATURES_PER_ROW = 2;
const SIGNATURE_GAP = 24;
const SIGNATURE_WIDTH =
  (CONTENT_WIDTH - (SIGNATURES_PER_ROW - 1) * SIGNATURE_GAP) / SIGNATURES_PER_ROW;
const SIGNATURE_HEIGHT = 70;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.44);
const RULE = rgb(0.78, 0.8, 0.83);
const BRAND = rgb(0.09, 0.275, 0.43);
const PASS = rgb(0.1, 0.45, 0.2);
const FAIL = rgb(0.72, 0.11, 0.11);

const RESULT_COLUMN = 84;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

interface TextStyle {
  font?: keyof Fonts;
  size?: number;
  color?: RGB;
  /** Left edge; the margin unless given. */
  x?: number;
  width?: number;
  /** Space kept free below the text (so a heading is not left alone at a page end). */
  keepWithNext?: number;
}

/** A word with its `{name}` marks filled in (a mark without a value stays as it is). */
function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => {
    const value = values[name];
    return value === undefined ? mark : String(value);
  });
}

/** Code points the standard fonts (WinAnsi) can encode, shared by the three Helveticas. */
type Charset = ReadonlySet<number>;

/**
 * Text the standard fonts can draw: one line, tabs and odd spaces as spaces, joiners and
 * emoji variation selectors dropped, every other character they lack as '?'.
 */
function sanitizeText(text: string, charset: Charset): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (charset.has(code)) out += char;
    else if (code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) continue;
    else if (/\s/u.test(char)) out += ' ';
    else out += '?';
  }
  return out;
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

function lineHeightOf(size: number): number {
  return size * 1.3;
}

/** Where a line of text of `size` that starts `top` sits, its descenders inside the line. */
function baseline(top: number, size: number): number {
  const lineHeight = lineHeightOf(size);
  return top - lineHeight + (lineHeight - size) / 2 + size * 0.2;
}

type EmbeddedImage =
  { kind: 'image'; image: PDFImage } | { kind: 'unreadable' } | { kind: 'other-type' };

function imageFormat(bytes: Uint8Array): 'png' | 'jpeg' | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return 'png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  return undefined;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function embedImage(
  doc: PDFDocument,
  photo: { bytes: Uint8Array; type: string },
): Promise<EmbeddedImage> {
  const declared = photo.type.toLowerCase().split(';')[0]?.trim();
  if (declared !== 'image/jpeg' && declared !== 'image/jpg' && declared !== 'image/png') {
    return { kind: 'other-type' };
  }
  try {
    // pdf-lib reads the view's whole buffer from offset 0, so hand it bytes of their own.
    const bytes =
      photo.bytes.byteOffset === 0 && photo.bytes.byteLength === photo.bytes.buffer.byteLength
        ? photo.bytes
        : photo.bytes.slice();
    // The bytes decide, not the label: a camera's "image/jpeg" can hold a PNG.
    const format = imageFormat(bytes);
    if (format === 'png') {
      const size = pngSize(bytes);
      if (size === undefined || size.width * size.height > MAX_PNG_PIXELS) {
        return { kind: 'unreadable' };
      }
    }
    if (format === undefined) return { kind: 'unreadable' };
    const image = format === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    if (!(image.width > 0 && image.height > 0)) return { kind: 'unreadable' };
    return { kind: 'image', image };
  } catch {
    // Anything the decoders throw (some throw strings) means the same to the reader.
    return { kind: 'unreadable' };
  }
}

/** Places text and images top to bottom, opening a new page when one is full. */
class Layout {
  page: PDFPage;
  y = TOP;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly charset: Charset,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  clean(text: string): string {
    return sanitizeText(text, this.charset);
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    // Room for the running header drawn at the end.
    this.y = TOP - 22;
  }

  /** Opens a new page unless `height` points are still free on this one. */
  ensure(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** Text wrapped to `width` (breaking inside words too long for a line). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      const words = this.clean(paragraph).split(' ');
      let line = '';
      for (const word of words) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        line = '';
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws wrapped text from the current position down; returns the lines drawn. */
  text(text: string, style: TextStyle = {}): string[] {
    const font = this.fonts[style.font ?? 'regular'];
    const size = style.size ?? 10;
    const x = style.x ?? MARGIN;
    const width = style.width ?? MARGIN + CONTENT_WIDTH - x;
    const lineHeight = lineHeightOf(size);
    const lines = this.wrap(text, font, size, width);
    lines.forEach((line, index) => {
      this.ensure(lineHeight + (index === lines.length - 1 ? (style.keepWithNext ?? 0) : 0));
      this.page.drawText(line, {
        x,
        y: baseline(this.y, size),
        size,
        font,
        color: style.color ?? INK,
      });
      this.y -= lineHeight;
    });
    return lines;
  }

  /** One line of text, cut with an ellipsis to fit `width`, at the current position. */
  line(text: string, x: number, width: number, style: TextStyle = {}): void {
    const font = this.fonts[style.font ?? 'regular'];
    const size = style.size ?? 10;
    this.page.drawText(fit(this.clean(text), font, size, width), {
      x,
      y: baseline(this.y, size),
      size,
      font,
      color: style.color ?? INK,
    });
    this.y -= lineHeightOf(size);
  }

  heading(text: string, keepWithNext = 40): void {
    this.ensure(34 + keepWithNext);
    this.gap(12);
    this.text(text, { font: 'bold', size: 13, color: BRAND });
    this.gap(3);
    this.rule();
    this.gap(6);
  }

  rule(color: RGB = RULE): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
      thickness: 0.6,
      color,
    });
  }

  /** `label: value` pairs, the labels in bold in a column of their own. */
  fields(pairs: [string, string][], labelWidth = 80): void {
    for (const [label, value] of pairs) {
      // The label goes beside the value's first line, which this keeps on this page.
      this.ensure(lineHeightOf(10));
      const top = this.y;
      this.line(label, MARGIN, labelWidth - 6, { font: 'bold', color: MUTED });
      this.y = top;
      this.text(value, { x: MARGIN + labelWidth });
    }
  }

  /** An image scaled to fit a box, centred in it. */
  image(image: PDFImage, x: number, top: number, width: number, height: number): void {
    const scale = Math.min(width / image.width, height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    this.page.drawImage(image, {
      x: x + (width - w) / 2,
      y: top - height + (height - h) / 2,
      width: w,
      height: h,
    });
  }

  box(x: number, top: number, width: number, height: number): void {
    this.page.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      borderColor: RULE,
      borderWidth: 0.6,
    });
  }

  /** Text centred in a box, for a photo that could not be shown. */
  boxNote(text: string, x: number, top: number, width: number, height: number): void {
    const size = 8;
    const lines = this.wrap(text, this.fonts.italic, size, width - 12);
    const lineHeight = lineHeightOf(size);
    let y = top - height / 2 + (lines.length * lineHeight) / 2 - size;
    for (const line of lines) {
      const w = this.fonts.italic.widthOfTextAtSize(line, size);
      this.page.drawText(line, {
        x: x + (width - w) / 2,
        y,
        size,
        font: this.fonts.italic,
        color: MUTED,
      });
      y -= lineHeight;
    }
  }
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

/** Cuts text with an ellipsis to fit `width`. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text.length;
  while (cut > 0 && font.widthOfTextAtSize(`${text.slice(0, cut)}...`, size) > width) cut -= 1;
  return `${text.slice(0, cut)}...`;
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
