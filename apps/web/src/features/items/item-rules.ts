// What the items screen decides, apart from how it draws it: which items a route shows and
// in what order, which item types the user may add there, and why an item of a type cannot
// be added yet (its walk is missing or not on the server). Pure, so tests need no server.

import type { Access, ItemLevel, WalkType } from '@field/domain';
import { ITEM_LEVELS, WALK_ITEM_SCOPE, WALK_TYPES, hasAccess, isOpenItem } from '@field/domain';
import { canReadItemType } from '../../data/home-items';
import type { WalkRef } from '../../data/item-walks';
import { canReadWalkOf, walkFor } from '../../data/item-walks';
import type { PunchItem } from '../../data/punch-items';

/** What `/homes/items/{level?}/{type?}` asks for; undefined is every level or type. */
export interface ItemsRoute {
  level: ItemLevel | undefined;
  type: WalkType | undefined;
}

export function parseItemsPath(path: string): ItemsRoute {
  const segments = path.split('/').slice(3);
  return {
    level: ITEM_LEVELS.find((level) => segments.includes(level)),
    type: WALK_TYPES.find((type) => segments.includes(type)),
  };
}

/** The walk type of an item, if it is one of ours. */
export function itemTypeOf(item: Pick<PunchItem, 'Walk'>): WalkType | undefined {
  return WALK_TYPES.find((type) => type === item.Walk);
}

/** Whether the user may change and delete items of this item's type. */
export function canWriteItem(access: Access, item: Pick<PunchItem, 'Walk'>): boolean {
  const type = itemTypeOf(item);
  return type !== undefined && hasAccess(access, [WALK_ITEM_SCOPE[type]], 'write');
}

/**
 * The items the route shows: of its type and level, of types the user may read, in walk
 * type order and by name within a type.
 */
export function shownItems(
  items: readonly PunchItem[],
  access: Access,
  route: ItemsRoute,
): PunchItem[] {
  const order = (item: PunchItem): number => WALK_TYPES.findIndex((type) => type === item.Walk);
  return items
    .filter((item) => {
      const type = itemTypeOf(item);
      if (type === undefined || !canReadItemType(access, type)) return false;
      if (route.type !== undefined && type !== route.type) return false;
      // The outstanding level shows every item not complete, those ready for review too
      // (docs/decisions.md, Item statuses and the review step).
      return route.level === undefined || isOpenItem(item) === (route.level === 'outstanding');
    })
    .sort((a, b) => order(a) - order(b) || a.Name.localeCompare(b.Name));
}

/** The item types the user may add on this route (its type, or every type they may write). */
export function addableTypes(access: Access, type: WalkType | undefined): WalkType[] {
  return WALK_TYPES.filter(
    (walk) =>
      hasAccess(access, [WALK_ITEM_SCOPE[walk]], 'write') && (type === undefined || walk === type),
  );
}

/**
 * Why an item of this type cannot be added yet: its walk is missing, or started on this
 * device and not on the server; null when it can. Where the user cannot read the walk,
 * the item goes by home and the server finds the walk: nothing to wait for here.
 */
export function walkBlocker(
  access: Access,
  walks: readonly WalkRef[],
  type: WalkType,
): 'noWalk' | 'walkNotSynced' | null {
  if (!canReadWalkOf(access, type)) return null;
  const walk = walkFor(walks, type);
  if (walk === undefined) return 'noWalk';
  return walk.queued === true ? 'walkNotSynced' : null;
}

/** The walk a new item of this type names: undefined where it goes by home alone. */
export function walkIdForNewItem(
  access: Access,
  walks: readonly WalkRef[],
  type: WalkType,
): string | undefined {
  return canReadWalkOf(access, type) ? walkFor(walks, type)?.id : undefined;
}
