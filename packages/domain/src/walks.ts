// Walk types, walk record kinds and item statuses (docs/entities.md: walk item, closing
// walk and the four other walk kinds).

export const WALK_TYPES = ['frame-punch', 'final-punch', 'nhp', 'who', 'post-close'] as const;
export type WalkType = (typeof WALK_TYPES)[number];

/** The five walk record kinds, as they appear in `/field_walks/{kind}/...` (docs/api.md). */
export const WALK_KINDS = [
  'homeStart',
  'preDrywall',
  'managerWalk',
  'closing',
  'landscape',
] as const;
export type WalkKind = (typeof WALK_KINDS)[number];

/** Closing walks carry one of these in `type`; each is a walk form route of its own. */
export const CLOSING_TYPES = ['final-punch', 'nhp', 'who', 'post-close'] as const;
export type ClosingType = (typeof CLOSING_TYPES)[number];

/** Fields a client keeps locally that never go to the server (docs/entities.md, walk item). */
export const WALK_ITEM_LOCAL_FIELDS = ['filePath', 'files', 'uploadedFiles'] as const;

export function stripLocalFields<T extends Record<string, unknown>>(item: T): T {
  const copy: Record<string, unknown> = { ...item };
  for (const field of WALK_ITEM_LOCAL_FIELDS) delete copy[field];
  // Safe: only keys were removed, and those are optional in every item shape.
  return copy as T;
}
