// The schema of a record form: the fields a screen shows, taken from the resource's input (add) or
// update (edit) schema, with the operation's required fields refused when empty in the words of
// docs/product.md (Validation). The web app's forms validate with it (zod resolver), so a form and
// the server judge a value the same way.

import { z } from './zod.js';
import { missingFieldMessage } from './messages.js';
import { isMissing } from './mutations.js';
import type { Resource } from './resources.js';
import { resourceDef } from './resources.js';

export type FormOperation = 'submit' | 'update';

/**
 * `requiredAs`: whose required fields the form asks for (default: the operation's own); an
 * edit of a company record keeps what its add required (`submit`), since a change may not
 * blank them either.
 */
export function recordFormSchema(
  resource: Resource,
  operation: FormOperation,
  fields: readonly string[],
  requiredAs: FormOperation = operation,
): z.ZodMiniType<Record<string, unknown>, Record<string, unknown>> {
  const def = resourceDef(resource);
  const base = operation === 'submit' ? def.input : def.update;
  if (base === undefined || def.mutationType === undefined) {
    throw new Error(`${resource} takes no ${operation}`);
  }
  const shape = base.shape;
  const known = fields.filter((field) => Object.hasOwn(shape, field));
  const picked = z.object(Object.fromEntries(known.map((field) => [field, shape[field]])));
  const required = def.operations?.[requiredAs]?.required ?? [];
  const type = def.mutationType;
  return picked.check(
    z.superRefine((value: Record<string, unknown>, ctx) => {
      // The schema's own rules across fields (a delayed job names its reason), on the
      // fields the form shows.
      const whole = base.safeParse(value);
      for (const issue of whole.success ? [] : whole.error.issues) {
        const field = issue.path[0];
        if (issue.code === 'custom' && typeof field === 'string' && known.includes(field)) {
          ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        }
      }
      for (const field of known) {
        if (required.includes(field) && isMissing(value[field])) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: missingFieldMessage(field, operation, type),
          });
        }
      }
    }),
  );
}

/** Every item of a record list answer: the resource's record shape, other fields kept. */
const anyRecordSchema = z.looseObject({ id: z.string() });

type RecordList = z.ZodMiniType<Array<Record<string, unknown> & { id: string }>>;

/** Built once per resource: every list answer of the app is parsed with one. */
const listSchemas = new Map<Resource, RecordList>();

export function recordListSchema(resource: Resource): RecordList {
  let schema = listSchemas.get(resource);
  if (schema === undefined) {
    const record = resourceDef(resource).record;
    schema = z.array(
      record === undefined
        ? anyRecordSchema
        : z.intersection(z.catchall(record, z.unknown()), anyRecordSchema),
    );
    listSchemas.set(resource, schema);
  }
  return schema;
}
