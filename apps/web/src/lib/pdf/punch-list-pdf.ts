// A punch list to send: the items of one home, or of one trade across homes, grouped by
// home and by location, each with its facts (walk, category, trade, priority, status, due
// date, overdue) and its photos as thumbnails, under the company's masthead. Built from
// plain data with pdf-lib like the walk PDF (walk-pdf.ts), so it runs in the same worker,
// in slices on the main thread and in Node tests; its words come in with the input.

import { rgb } from 'pdf-lib';
import type { EmbeddedImage, FooterWords, Layout, PdfPhoto } from './pdf-layout';
import {
  CONTENT_WIDTH,
  MARGIN,
  MUTED,
  drawPageFurniture,
  embedImage,
  fill,
  formatWhen,
  startPdf,
} from './pdf-layout';

/**
 * The PDF's own words. `{n}` marks a count, `{value}` an item's field, `{date}` a date,
 * `{overdue}` the count of overdue items; the footer's as the walk PDF's.
 */
export interface PunchListPdfWords extends FooterWords {
  /** e.g. "{n} items, {overdue} overdue". */
  summary: string;
  noItems: string;
  /** The group of items with no location. */
  noLocation: string;
  walk: string;
  category: string;
  trade: string;
  priority: string;
  status: string;
  due: string;
  overdue: string;
  photoUnreadable: string;
  fileLeftOut: string;
  filesLeftOut: string;
}

export interface PunchListItem {
  /** The home's address: items of several homes are grouped by it first. */
  home: string;
  location: string;
  name: string;
  /** The texts as the reader reads them (the walk type's name, the status's word...). */
  walk: string;
  category: string;
  trade: string;
  priority: string;
  status: string;
  /** `YYYY-MM-DD`, or null without a due date. */
  due: string | null;
  overdue: boolean;
  /** Photos of type image/jpeg or image/png; other types are left out. */
  photos: PdfPhoto[];
}

export interface PunchListPdfInput {
  words: PunchListPdfWords;
  /** The masthead, e.g. "Field App". */
  company: string;
  appVersion: string;
  /** e.g. "Punch list". */
  title: string;
  /** Whose list: the home's address, or the trade's name. */
  subject: string;
  /** Label and value lines under the title (the home's number, the trade's contact...). */
  fields: [string, string][];
  /** In the order they are listed within a location. */
  items: PunchListItem[];
  /** ISO 8601. */
  generatedAt: string;
}

/** Thumbnails to a row: small enough for a list, large enough to find the spot. */
const PHOTOS_PER_ROW = 6;
/** Indent of an item's lines, right of its tick box. */
const INDENT = 20;
const OVERDUE = rgb(0.72, 0.11, 0.11);

interface LocationGroup {
  location: string;
  items: PunchListItem[];
}
interface HomeGroup {
  home: string;
  locations: LocationGroup[];
}

/** A-Z, the empty name last. */
function byName(a: string, b: string): number {
  if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * The items by home, then by location (each A-Z, none last), the items of a location in the
 * order given. Locations differing only in case or spaces are one.
 */
export function groupPunchList(items: readonly PunchListItem[]): HomeGroup[] {
  const homes = new Map<string, Map<string, LocationGroup>>();
  for (const item of items) {
    const home = item.home.trim();
    const locations = homes.get(home) ?? new Map<string, LocationGroup>();
    homes.set(home, locations);
    const location = item.location.trim().replace(/\s+/g, ' ');
    const key = location.toLocaleLowerCase();
    const group = locations.get(key) ?? { location, items: [] };
    locations.set(key, group);
    group.items.push(item);
  }
  return [...homes]
    .sort(([a], [b]) => byName(a, b))
    .map(([home, locations]) => ({
      home,
      locations: [...locations.values()].sort((a, b) => byName(a.location, b.location)),
    }));
}

async function drawItem(
  layout: Layout,
  item: PunchListItem,
  words: PunchListPdfWords,
): Promise<void> {
  const photos: EmbeddedImage[] = [];
  for (const photo of item.photos) photos.push(await embedImage(layout.doc, photo));
  const shown = photos.filter((p) => p.kind !== 'other-type');
  const otherTypes = photos.length - shown.length;
  const thumbHeight = ((CONTENT_WIDTH - INDENT - (PHOTOS_PER_ROW - 1) * 8) / PHOTOS_PER_ROW) * 0.75;

  // The name, its facts and the first row of photos stay together.
  layout.ensure(40 + (shown.length > 0 ? thumbHeight + 8 : 0));
  layout.gap(5);
  // A box to tick by hand on site.
  layout.box(MARGIN + 4, layout.y - 2.5, 8, 8);
  layout.text(item.name, { x: MARGIN + INDENT, font: 'bold', size: 10 });
  const value = (text: string): string => text.trim() || '-';
  layout.text(
    [
      fill(words.status, { value: value(item.status) }),
      fill(words.walk, { value: value(item.walk) }),
      fill(words.category, { value: value(item.category) }),
      fill(words.trade, { value: value(item.trade) }),
      ...(item.priority === '' ? [] : [fill(words.priority, { value: item.priority })]),
    ].join('     '),
    { x: MARGIN + INDENT, size: 8.5, color: MUTED },
  );
  if (item.due !== null) {
    const due = fill(words.due, { date: formatWhen(item.due, false) });
    layout.text(item.overdue ? `${due}  -  ${words.overdue}` : due, {
      x: MARGIN + INDENT,
      size: 8.5,
      font: item.overdue ? 'bold' : 'regular',
      color: item.overdue ? OVERDUE : MUTED,
    });
  }
  layout.photoRows(shown, {
    x: MARGIN + INDENT,
    width: CONTENT_WIDTH - INDENT,
    perRow: PHOTOS_PER_ROW,
    unreadable: words.photoUnreadable,
  });
  if (otherTypes > 0) {
    layout.gap(2);
    layout.text(
      otherTypes === 1 ? words.fileLeftOut : fill(words.filesLeftOut, { n: otherTypes }),
      { x: MARGIN + INDENT, size: 8, font: 'italic', color: MUTED },
    );
  }
  layout.gap(4);
}

/** The punch list as a PDF document. */
export async function buildPunchListPdf(
  input: PunchListPdfInput,
  /** `yieldEvery` is awaited between items, so a main-thread caller can give way. */
  options: { yieldEvery?: () => Promise<void> } = {},
): Promise<Uint8Array> {
  const pause = options.yieldEvery ?? (() => Promise.resolve());
  const { words } = input;
  const heading = `${input.title} - ${input.subject}`;
  const layout = await startPdf({
    title: heading,
    company: input.company,
    appVersion: input.appVersion,
    generatedAt: input.generatedAt,
  });
  layout.masthead(input.company);
  layout.text(input.title, { font: 'bold', size: 15 });
  layout.text(input.subject, { font: 'bold', size: 12 });
  layout.text(formatWhen(input.generatedAt), { size: 10, color: MUTED });
  layout.gap(6);
  layout.fields(input.fields, 90);
  layout.gap(4);
  const overdue = input.items.filter((item) => item.overdue).length;
  layout.text(fill(words.summary, { n: input.items.length, overdue }), { font: 'bold' });
  if (input.items.length === 0) layout.text(words.noItems, { color: MUTED });

  const groups = groupPunchList(input.items);
  // One home's list needs no home headings: its address is the subject.
  const homeHeadings = groups.length > 1 || groups[0]?.home !== input.subject.trim();
  for (const group of groups) {
    if (homeHeadings) {
      const count = group.locations.reduce((n, location) => n + location.items.length, 0);
      layout.heading(`${group.home || '-'} (${count})`, 60);
    }
    for (const location of group.locations) {
      const title = `${location.location || words.noLocation} (${location.items.length})`;
      if (homeHeadings) {
        layout.ensure(70);
        layout.gap(6);
        layout.text(title, { font: 'bold', size: 11, keepWithNext: 30 });
      } else {
        layout.heading(title, 50);
      }
      for (const item of location.items) {
        await drawItem(layout, item, words);
        await pause();
      }
    }
  }

  drawPageFurniture(layout, {
    running: `${input.company} - ${heading}`,
    appVersion: input.appVersion,
    generatedAt: input.generatedAt,
    words,
  });
  await pause();
  return layout.doc.save();
}
