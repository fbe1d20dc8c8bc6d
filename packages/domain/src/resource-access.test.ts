import { describe, expect, it } from 'vitest';
import {
  CLOSING_TYPE_SCOPE,
  RESOURCE_ACCESS,
  WALK_ITEM_SCOPE,
  readableClosingTypes,
} from './resource-access.js';
import { SCOPES, resolveAccess } from './scopes.js';

describe('resource access table', () => {
  it('guards every resource with scopes of the catalogue', () => {
    const known: readonly string[] = SCOPES;
    for (const { read, write } of Object.values(RESOURCE_ACCESS)) {
      for (const scope of [...read, ...(write ?? [])]) expect(known).toContain(scope);
    }
  });

  it.each([
    ['frame-punch', 'homes_final_punch_items'],
    ['final-punch', 'homes_final_punch_items'],
    ['nhp', 'homes_nhp_items'],
    ['who', 'homes_who_items'],
    ['post-close', 'homes_post_close_items'],
  ] as const)('items of walk type %s use %s', (type, scope) => {
    expect(WALK_ITEM_SCOPE[type]).toBe(scope);
  });

  it('shows customer service no closing walk, a builder all four', () => {
    const group = (value: string) => ({
      value,
      approved: true,
      group: true,
      read: true,
      write: true,
    });
    expect(readableClosingTypes(resolveAccess([group('customerService')]))).toEqual([]);
    expect(readableClosingTypes(resolveAccess([group('builder')]))).toEqual(
      Object.keys(CLOSING_TYPE_SCOPE),
    );
  });
});
