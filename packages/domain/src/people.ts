// People (docs/decisions.md, People and invitations): who may register themselves, and which
// employee the admin's picker suggests for a user. The server and the web app read these.

/** `open`: anyone; `closed`: nobody (admins invite); `domains`: addresses of the listed domains. */
export const REGISTRATION_MODES = ['open', 'closed', 'domains'] as const;
type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export interface RegistrationPolicy {
  readonly mode: RegistrationMode;
  /** Lower-case domains (`example.com`); only read when `mode` is `domains`. */
  readonly domains: readonly string[];
}

/** Why an address may not register itself, or null when it may. */
export function registrationRefusal(
  policy: RegistrationPolicy,
  email: string,
): 'closed' | 'domain' | null {
  if (policy.mode === 'open') return null;
  if (policy.mode === 'closed') return 'closed';
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return policy.domains.includes(domain) ? null : 'domain';
}

/** What the picker reads of an employee record (resources.ts, `employees`). */
interface PickableEmployee {
  readonly id: string;
  readonly Name: string;
  readonly Email: string;
}

/** Whether an employee's e-mail is the user's (case and spaces aside). */
export function employeeMatchesEmail(employee: PickableEmployee, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return wanted !== '' && employee.Email.trim().toLowerCase() === wanted;
}

/**
 * The employees of the picker in the order it offers them: the one whose e-mail is the
 * user's first (the suggestion), then the rest by name.
 */
export function employeesForPicker<T extends PickableEmployee>(
  employees: readonly T[],
  email: string,
): T[] {
  return [...employees].sort(
    (a, b) =>
      Number(employeeMatchesEmail(b, email)) - Number(employeeMatchesEmail(a, email)) ||
      a.Name.localeCompare(b.Name),
  );
}
