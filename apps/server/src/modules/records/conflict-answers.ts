// The 409 a stale write gets (docs/api.md, conflicts): the current record and, per field,
// whose change it collides with. Pure: the caller reads the record and the writes of
// others since the client's base, and stores nothing when an answer comes back.

import type { ConflictAnswer, FieldWrite, WriteBase } from '@field/domain';
import { MESSAGES, conflictingFields, deleteConflicts, lastWriteOf } from '@field/domain';
import type { ApiRecord } from './repository.js';

/** Who made a write, and when: the fields of a conflict that name them. */
function author(write: FieldWrite | undefined) {
  return write === undefined
    ? {}
    : { changedBy: { id: write.userId, name: write.userName }, changedAt: write.at };
}

/**
 * The answer to an update whose fields (`mine`, the client's own changes) others changed
 * since `base`; undefined when none collide and the update applies as a merge.
 */
export function updateConflict(
  current: ApiRecord,
  kind: string,
  mine: Record<string, unknown>,
  base: WriteBase,
  others: readonly FieldWrite[],
): ConflictAnswer | undefined {
  const fields = conflictingFields(mine, base, current, others);
  if (fields.length === 0) return undefined;
  return {
    error: MESSAGES.recordChangedByOthers,
    conflict: { operation: 'update', kind, id: current.id, current, fields },
  };
}

/**
 * The answer to a delete of a record others changed since `base`; undefined when the
 * delete applies. A delete has no values of its own: each field others changed is shown
 * with theirs and who changed it last.
 */
export function deleteConflict(
  current: ApiRecord,
  kind: string,
  base: WriteBase,
  others: readonly FieldWrite[],
): ConflictAnswer | undefined {
  if (!deleteConflicts(base, current.updatedAt, others)) return undefined;
  const changed = [...new Set(others.flatMap((write) => write.fields))].sort();
  return {
    error: MESSAGES.recordChangedByOthers,
    conflict: {
      operation: 'delete',
      kind,
      id: current.id,
      current,
      fields: changed.map((field) => ({
        field,
        mine: null,
        theirs: current[field] ?? null,
        ...author(lastWriteOf(field, others)),
      })),
      ...author(others[others.length - 1]),
    },
  };
}

/** The fields of a record that say nothing of its content: who it is and when it changed. */
const META_FIELDS = ['id', 'createdAt', 'updatedAt', 'deletedAt'] as const;

/**
 * A conflict answer as shown to a caller who may write the record but not read it (a
 * write-only scope): no value of the record, only its id and times, and per field the
 * caller's own values (base and mine) and who changed it when.
 */
export function withoutRecordValues(answer: ConflictAnswer): ConflictAnswer {
  const { current, fields } = answer.conflict;
  return {
    ...answer,
    conflict: {
      ...answer.conflict,
      current: Object.fromEntries(META_FIELDS.map((field) => [field, current[field] ?? null])),
      fields: fields.map((field) => ({ ...field, theirs: undefined })),
    },
  };
}
