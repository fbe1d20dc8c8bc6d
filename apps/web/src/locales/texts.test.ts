// Every text the app asks for by a key made from the domain's tables is in the English
// texts. A missing one fails nowhere else: i18next shows the key (a menu line reading
// `nav.daily-log`), the Mutation Queue shows the raw type. So adding a route, a menu line, a
// resource that takes writes, a record screen or a walk form without its texts fails here,
// naming each text that is missing (docs/extending.md).

import { describe, expect, it } from 'vitest';
import type { MenuItem, Resource } from '@field/domain';
import {
  APP_ROUTES,
  CALENDAR_KINDS,
  CALENDAR_WHATS,
  ITEM_STATUSES,
  MENU,
  RECORD_SCREEN_RESOURCES,
  RESOURCES,
  SERVER_FIELDS,
  TRADE_LINK_MUTATION_TYPE,
  WALK_FORM_DEFS,
  WALK_TYPES,
  fileRefSchema,
  resourceDef,
  tradeLinkSendSchema,
} from '@field/domain';
import app from './en/app.json';
import trade from './en/trade.json';

/** Whether the texts hold a string under this dotted key. */
function hasText(texts: unknown, key: string): boolean {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part]; // Safe: an object, checked just above.
  }
  return typeof node === 'string' && node.trim() !== '';
}

function menuEntries(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((entry) => [entry, ...menuEntries(entry.children ?? [])]);
}

/** What a record screen's dialogs and buttons say, per operation the registry gives it. */
const SCREEN_TEXTS = {
  submit: ['add', 'addTitle'],
  update: ['editTitle', 'editLabel'],
  delete: ['deleteTitle', 'deleteConfirm', 'deleteLabel'],
} as const;

/** The zod definition under a schema (zod mini keeps it on `_zod.def`). */
function defOf(schema: unknown): Record<string, unknown> {
  const zod = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod;
  return zod?.def ?? {};
}

/** Field names of an object schema, with those of the rows of its list fields (not files). */
function fieldNames(schema: unknown): string[] {
  let def = defOf(schema);
  while (def['innerType'] !== undefined) def = defOf(def['innerType']);
  if (def['type'] === 'array') {
    return def['element'] === fileRefSchema ? [] : fieldNames(def['element']);
  }
  const shape = def['shape'];
  if (def['type'] !== 'object' || typeof shape !== 'object' || shape === null) return [];
  return Object.entries(shape).flatMap(([name, field]) => [name, ...fieldNames(field)]);
}

/** The field names of an object schema, its own only. */
function topFields(schema: unknown): string[] {
  let def = defOf(schema);
  while (def['innerType'] !== undefined) def = defOf(def['innerType']);
  const shape = def['shape'];
  return def['type'] === 'object' && typeof shape === 'object' && shape !== null
    ? Object.keys(shape)
    : [];
}

/** The fields a record screen may show: its input's, less the id, home and server fields. */
function screenFields(resource: Resource): string[] {
  const def = resourceDef(resource);
  const skip = new Set<string>(['id', 'HomeRID', def.homeField ?? 'HomeRID', ...SERVER_FIELDS]);
  return fieldNames(def.input).filter((name) => !skip.has(name));
}

/** Every key the domain's tables make, each with what needs it. */
function neededTexts(): Map<string, string> {
  const needed = new Map<string, string>();
  const need = (key: string, why: string) => {
    if (!needed.has(key)) needed.set(key, why);
  };
  for (const entry of menuEntries(MENU)) need(`nav.${entry.id}`, `menu entry ${entry.id}`);
  for (const route of APP_ROUTES) need(`nav.${route.titleId}`, `title of ${route.path}`);
  for (const form of WALK_FORM_DEFS) need(`nav.walk-${form.segment}`, `walk form ${form.segment}`);
  for (const kind of CALENDAR_KINDS) need(`calendar.kind.${kind}`, `calendar filter ${kind}`);
  for (const what of CALENDAR_WHATS) need(`calendar.what.${what}`, `calendar event ${what}`);
  for (const resource of RESOURCES) {
    const def = resourceDef(resource);
    if (def.mutationType === undefined) continue;
    need(`sync.types.${def.mutationType}`, `queue label of ${resource} writes`);
    // The Mutation Queue names the fields a write changes, and its edit form labels them.
    const skip = new Set<string>(['id', ...SERVER_FIELDS]);
    for (const schema of [def.input, def.update]) {
      for (const field of topFields(schema)) {
        if (!skip.has(field)) need(`fields.${field}`, `${resource} writes, field ${field}`);
      }
    }
  }
  // The queue's writes outside the registry: files, and a trade's link.
  need('sync.types.file', 'queue label of files');
  need(`sync.types.${TRADE_LINK_MUTATION_TYPE}`, 'queue label of trade links');
  for (const field of topFields(tradeLinkSendSchema)) {
    need(`fields.${field}`, `trade link writes, field ${field}`);
  }
  need('sync.operations.send', 'queue label of a trade link sent');
  for (const resource of RECORD_SCREEN_RESOURCES) {
    const operations = resourceDef(resource).operations ?? {};
    for (const [operation, keys] of Object.entries(SCREEN_TEXTS)) {
      if (!(operation in operations)) continue;
      for (const key of keys) need(`${resource}.${key}`, `${resource} screen, ${operation}`);
    }
    for (const field of screenFields(resource)) {
      need(`fields.${field}`, `${resource} field ${field}`);
    }
  }
  return needed;
}

describe('the English texts', () => {
  it('hold every text the routes, the menu, the queue (its writes and their fields), the record screens and the walk forms name', () => {
    const missing = [...neededTexts()]
      .filter(([key]) => !hasText(app, key))
      .map(([key, why]) => `${key} (${why})`);
    expect(missing, 'texts missing from apps/web/src/locales/en/app.json').toEqual([]);
  });

  it('are checked for the screens the registry gives, the daily log among them', () => {
    const needed = neededTexts();
    expect(needed.get('nav.daily-log')).toBe('menu entry daily-log');
    expect(needed.get('sync.types.dailyLog')).toBe('queue label of dailyLogs writes');
    expect(needed.get('dailyLogs.deleteConfirm')).toBe('dailyLogs screen, delete');
    expect(needed.get('fields.Head Count')).toBe('dailyLogs field Head Count');
    expect(needed.get('fields.WalkID')).toBe('walkItems writes, field WalkID');
    expect(needed.get('fields.vendorId')).toBe('trade link writes, field vendorId');
  });
});

describe('the trade page’s texts (locales/en/trade.json)', () => {
  it('name every walk type, every open status and every way a link is refused', () => {
    const keys = [
      ...WALK_TYPES.map((type) => `walk.${type}`),
      ...ITEM_STATUSES.filter((status) => status !== 'Complete').map((s) => `status.${s}`),
      ...['invalid', 'expired', 'revoked'].flatMap((why) => [
        `refused.${why}.title`,
        `refused.${why}.body`,
      ]),
    ];
    expect(keys.filter((key) => !hasText(trade, key))).toEqual([]);
  });
});
