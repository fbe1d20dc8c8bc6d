import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './provider-routes.js';

describe('the return location after a provider sign-in', () => {
  it.each([
    ['/homes/calendar?homeId=h1', '/homes/calendar?homeId=h1'],
    ['/account/security', '/account/security'],
    [undefined, '/homes/overview'],
    ['', '/homes/overview'],
    ['https://evil.test/', '/homes/overview'],
    ['//evil.test/', '/homes/overview'],
    ['/\\evil.test/', '/homes/overview'],
    ['/\t/evil.test/', '/homes/overview'],
    ['/\n/evil.test/', '/homes/overview'],
    ['/ /evil.test/', '/homes/overview'],
    ['javascript:alert(1)', '/homes/overview'],
  ])('%j goes to %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});
