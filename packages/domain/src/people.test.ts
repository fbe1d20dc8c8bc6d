import { describe, expect, it } from 'vitest';
import { employeesForPicker, registrationRefusal } from './people.js';

describe('who may register themselves', () => {
  it('lets anyone in when open, nobody when closed', () => {
    expect(registrationRefusal({ mode: 'open', domains: [] }, 'a@b.test')).toBeNull();
    expect(registrationRefusal({ mode: 'closed', domains: [] }, 'a@b.test')).toBe('closed');
  });

  it('takes the listed domains exactly, whatever the case', () => {
    const policy = { mode: 'domains', domains: ['example.com'] } as const;
    expect(registrationRefusal(policy, ' Ann@Example.COM ')).toBeNull();
    expect(registrationRefusal(policy, 'bo@sub.example.com')).toBe('domain');
    expect(registrationRefusal(policy, 'cy@example.com.evil')).toBe('domain');
    expect(registrationRefusal(policy, '')).toBe('domain');
  });
});

describe('the employee picker’s order', () => {
  it('puts the employee with the user’s e-mail first, then the rest by name', () => {
    const employees = [
      { id: 'b', Name: 'Bea', Email: 'bea@example.test' },
      { id: 'z', Name: 'Zed', Email: ' ZED@example.test' },
      { id: 'a', Name: 'Abe', Email: '' },
    ];
    expect(employeesForPicker(employees, 'zed@example.test').map((e) => e.id)).toEqual([
      'z',
      'a',
      'b',
    ]);
    // No address, no suggestion: an employee without e-mail is not matched by an empty one.
    expect(employeesForPicker(employees, '').map((e) => e.id)).toEqual(['a', 'b', 'z']);
  });
});
