// A punch item's trade, due date, priority and review step (docs/decisions.md, Item
// statuses and the review step): the one rule of which status change is which, who may
// make it and what it must carry. The server refuses what this refuses; the web app
// offers only what it allows.

export const ITEM_STATUSES = ['Outstanding', 'Ready for review', 'Complete'] as const;
type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_PRIORITIES = ['Low', 'Normal', 'High'] as const;

/** Who makes a change: staff holding the item type's write scope, or the item's trade. */
type ItemActor = 'staff' | 'trade';

interface TransitionDef {
  readonly from: readonly ItemStatus[];
  readonly to: ItemStatus;
  readonly actors: readonly ItemActor[];
  /** Fields the change itself must carry, non-empty. */
  readonly needs: readonly string[];
}

/**
 * The status changes: the trade (or staff for it) says an item is fixed, with a note and
 * a photo; staff complete it (verified, or on the spot as before the review step), send
 * it back with a reason, or reopen a complete one.
 */
const ITEM_TRANSITIONS = {
  markReady: {
    from: ['Outstanding'],
    to: 'Ready for review',
    actors: ['staff', 'trade'],
    needs: ['Review Note', 'Review Photos'],
  },
  complete: {
    from: ['Outstanding', 'Ready for review'],
    to: 'Complete',
    actors: ['staff'],
    needs: [],
  },
  sendBack: {
    from: ['Ready for review'],
    to: 'Outstanding',
    actors: ['staff'],
    needs: ['Return Reason'],
  },
  reopen: { from: ['Complete'], to: 'Outstanding', actors: ['staff'], needs: [] },
} as const satisfies Record<string, TransitionDef>;

export type ItemTransition = keyof typeof ITEM_TRANSITIONS;
const TRANSITION_NAMES = Object.keys(ITEM_TRANSITIONS) as ItemTransition[];

function statusOf(value: unknown): ItemStatus {
  return ITEM_STATUSES.find((status) => status === value) ?? 'Outstanding';
}

/** The change that takes an item from one status to another; undefined when none does. */
function transitionBetween(from: unknown, to: unknown): ItemTransition | undefined {
  const start = statusOf(from);
  return TRANSITION_NAMES.find((name) => {
    const def: TransitionDef = ITEM_TRANSITIONS[name];
    return def.to === to && def.from.includes(start);
  });
}

/** The changes an actor may make to an item in this status, in the table's order. */
export function transitionsFrom(status: unknown, actor: ItemActor): ItemTransition[] {
  const start = statusOf(status);
  return TRANSITION_NAMES.filter((name) => {
    const def: TransitionDef = ITEM_TRANSITIONS[name];
    return def.from.includes(start) && def.actors.includes(actor);
  });
}

function filled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return Array.isArray(value) && value.length > 0;
}

/**
 * Why this status change may not be made (a message for the answer), or undefined when
 * it may: `changes` are the fields the write sends; no status among them, or the status
 * the item already has, is no status change.
 */
export function itemTransitionError(
  current: unknown,
  changes: Readonly<Record<string, unknown>>,
  actor: ItemActor,
): string | undefined {
  const to = changes['Status'];
  if (to === undefined || to === statusOf(current)) return undefined;
  const name = transitionBetween(current, to);
  if (name === undefined) {
    return `Invalid value for "Status": an item cannot go from ${statusOf(current)} to ${JSON.stringify(to)}`;
  }
  const def: TransitionDef = ITEM_TRANSITIONS[name];
  if (!def.actors.includes(actor)) {
    return `Invalid value for "Status": the trade cannot set ${def.to}`;
  }
  const missing = def.needs.find((field) => !filled(changes[field]));
  return missing === undefined
    ? undefined
    : `Invalid value for "${missing}": required to set ${def.to}`;
}

/** The date part (`YYYY-MM-DD`) of today where the device or server is. */
export function localDay(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Overdue: not complete and due before `today` (`YYYY-MM-DD`). */
export function isOverdue(item: Readonly<Record<string, unknown>>, today: string): boolean {
  const due = item['Due Date'];
  if (typeof due !== 'string' || due === '') return false;
  return item['Status'] !== 'Complete' && due.slice(0, 10) < today;
}
