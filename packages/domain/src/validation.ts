// Turns a zod failure into one plain sentence naming the field, for `{ "error": "..." }`.

import type { z } from 'zod';
import { invalidFieldMessage } from './messages.js';

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  return field === '' ? issue.message : invalidFieldMessage(field, issue.message);
}
