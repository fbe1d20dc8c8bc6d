// Who a walk names (the walker, the customer service staff member), as people read them:
// an employee's name from the staff list, the signed-in user's own name, else the id.

import type { UserDocument } from '@field/domain';

/** The employee id a walk records for the signed-in user (`user`, the walker). */
export function walkerIdOf(user: UserDocument): string {
  return user.fieldData.airtableId ?? user.id;
}

export function fullName(user: UserDocument): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.id;
}

export function walkerName(
  id: string,
  names: ReadonlyMap<string, string>,
  user: UserDocument,
): string {
  if (id === '') return '—';
  const known = names.get(id);
  if (known !== undefined) return known;
  return id === walkerIdOf(user) || id === user.id ? fullName(user) : id;
}
