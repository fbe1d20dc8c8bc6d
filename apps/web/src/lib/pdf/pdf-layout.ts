// Laying out a PDF with pdf-lib's standard fonts: US Letter pages, text wrapped and cut
// to fit, images scaled into boxes, a new page when one is full, and what every PDF of the
// app shares (the company's masthead, rows of photo thumbnails, the running header and the
// footer). Nothing of the DOM, and no input makes it throw: text the fonts lack becomes
// '?', an unreadable image a note.

import { formatNotificationDate } from '@field/domain';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';

// US Letter, in points: the dates are written MM/DD/YYYY for US builders.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
export const MARGIN = 42;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const TOP = PAGE_HEIGHT - MARGIN;
/** Content stops here; the footer sits below. */
const BOTTOM = MARGIN + 22;
const FOOTER_Y = MARGIN - 8;

/** Larger PNGs are not decoded (they would take the memory of a whole device). */
const MAX_PNG_PIXELS = 40_000_000;

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.4, 0.44);
const RULE = rgb(0.78, 0.8, 0.83);
const BRAND = rgb(0.09, 0.275, 0.43);

export interface Fonts {
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

/** Code points the standard fonts (WinAnsi) can encode, shared by the three Helveticas. */
export type Charset = ReadonlySet<number>;

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

export function lineHeightOf(size: number): number {
  return size * 1.3;
}

/** Where a line of text of `size` that starts `top` sits, its descenders inside the line. */
export function baseline(top: number, size: number): number {
  const lineHeight = lineHeightOf(size);
  return top - lineHeight + (lineHeight - size) / 2 + size * 0.2;
}

export type EmbeddedImage =
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

/** A word with its `{name}` marks filled in (a mark without a value stays as it is). */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => {
    const value = values[name];
    return value === undefined ? mark : String(value);
  });
}

/** `MM/DD/YYYY HH:MM UTC` of an instant (no time for a date alone); bad input as it is. */
export function formatWhen(iso: string, withTime = true): string {
  const millis = Date.parse(iso);
  if (Number.isNaN(millis)) return iso;
  const date = formatNotificationDate(millis);
  if (!withTime || !/T\d/.test(iso)) return date;
  const at = new Date(millis);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${date} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

/**
 * A photo for a PDF: its bytes, or a Blob (a file of the device's store) that only the
 * worker reads, so the page never holds or copies the bytes of a hundred camera photos.
 */
export type PdfPhoto = { bytes: Uint8Array; type: string } | Blob;

export async function embedImage(doc: PDFDocument, source: PdfPhoto): Promise<EmbeddedImage> {
  const photo =
    source instanceof Blob
      ? await source.arrayBuffer().then(
          (buffer) => ({ bytes: new Uint8Array(buffer), type: source.type }),
          () => ({ bytes: new Uint8Array(), type: source.type }),
        )
      : source;
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
export class Layout {
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

  /** The company's name over a rule in its colour: the top of every PDF's first page. */
  masthead(company: string): void {
    this.text(company, { font: 'bold', size: 18, color: BRAND });
    this.gap(4);
    this.rule(BRAND);
    this.gap(10);
  }

  /**
   * Photos as framed thumbnails, `perRow` to a row of `width` from `x`, each row kept whole
   * on a page; a photo that could not be read shows `unreadable` in its frame.
   */
  photoRows(
    photos: readonly EmbeddedImage[],
    box: { x: number; width: number; perRow: number; unreadable: string },
  ): void {
    const gap = 8;
    const width = (box.width - (box.perRow - 1) * gap) / box.perRow;
    const height = width * 0.75;
    for (let row = 0; row < photos.length; row += box.perRow) {
      this.gap(4);
      this.ensure(height);
      const top = this.y;
      photos.slice(row, row + box.perRow).forEach((photo, column) => {
        const x = box.x + column * (width + gap);
        this.box(x, top, width, height);
        if (photo.kind === 'image') this.image(photo.image, x + 2, top - 2, width - 4, height - 4);
        else this.boxNote(box.unreadable, x, top, width, height);
      });
      this.y = top - height;
    }
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

/** Cuts text with an ellipsis to fit `width`. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text.length;
  while (cut > 0 && font.widthOfTextAtSize(`${text.slice(0, cut)}...`, size) > width) cut -= 1;
  return `${text.slice(0, cut)}...`;
}

/** What a PDF says of itself: its title, the company that made it, with which app, when. */
interface PdfInfo {
  title: string;
  company: string;
  appVersion: string;
  /** ISO 8601. */
  generatedAt: string;
}

/** A new PDF with the standard fonts and its document properties, laid out from the top. */
export async function startPdf(info: PdfInfo): Promise<Layout> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const charset: Charset = new Set(fonts.regular.getCharacterSet());
  const clean = (text: string): string => sanitizeText(text, charset);
  doc.setTitle(clean(info.title));
  doc.setAuthor(clean(info.company));
  doc.setCreator(clean(`${info.company} ${info.appVersion}`));
  doc.setProducer('pdf-lib');
  const generated = new Date(Date.parse(info.generatedAt));
  if (!Number.isNaN(generated.getTime())) {
    doc.setCreationDate(generated);
    doc.setModificationDate(generated);
  }
  return new Layout(doc, fonts, charset);
}

/** The footer's words: `{version}`, `{when}`, `{page}` and `{pages}` are filled in. */
export interface FooterWords {
  appVersion: string;
  generated: string;
  page: string;
}

/**
 * Running header (`running`, on pages after the first) and footer (app version, when it was
 * made, page of pages) on every page, once the count is known.
 */
export function drawPageFurniture(
  layout: Layout,
  furniture: { running: string; appVersion: string; generatedAt: string; words: FooterWords },
): void {
  const { fonts } = layout;
  const pages = layout.doc.getPages();
  const size = 8;
  const third = CONTENT_WIDTH / 3;
  const { words } = furniture;
  const version = fit(
    layout.clean(fill(words.appVersion, { version: furniture.appVersion })),
    fonts.regular,
    size,
    third,
  );
  const generated = layout.clean(
    fill(words.generated, { when: formatWhen(furniture.generatedAt) }),
  );
  const running = fit(layout.clean(furniture.running), fonts.regular, size, CONTENT_WIDTH);
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
