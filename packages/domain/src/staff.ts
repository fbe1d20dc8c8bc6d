// The staff lists a home carries (docs/entities.md) and that `home updateStaff` may change.

export const STAFF_TYPES = [
  'Construction Staff',
  'Design Staff',
  'Sales Staff',
  'Initial CS Staff',
  'Year End Staff',
  'Offline Homes',
] as const;

export type StaffType = (typeof STAFF_TYPES)[number];

export function isStaffType(value: unknown): value is StaffType {
  return typeof value === 'string' && (STAFF_TYPES as readonly string[]).includes(value);
}
