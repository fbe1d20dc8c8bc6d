import { describe, expect, it } from 'vitest';
import {
  CLOSING_TYPE_SCOPE,
  RESOURCE_ACCESS,
  WALK_ITEM_SCOPE,
  canReadWalk,
  mayAttachItemToWalk,
  readableClosingTypes,
  updateRequirement,
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

describe('phone call updates and walk item attachment (issue 9)', () => {
  const group = (value: string) => ({
    value,
    approved: true,
    group: true,
    read: true,
    write: true,
  });
  const single = (value: string) => ({
    value,
    approved: true,
    group: false,
    read: true,
    write: true,
  });

  it('notes and voicemail need phone_call_notes; any other field phone_call_logs too', () => {
    expect(updateRequirement('phoneCalls', ['Notes', 'Voicemail'])).toEqual(['phone_call_notes']);
    expect(updateRequirement('phoneCalls', ['Notes', 'updatedAt'])).toEqual(['phone_call_notes']);
    expect(updateRequirement('phoneCalls', ['Notes', 'Date'])).toEqual([
      'phone_call_notes',
      'phone_call_logs',
    ]);
    expect(updateRequirement('notes', ['Text', 'Author'])).toEqual(['communication_notes']);
  });

  it('customer service attaches post-close items to the post-close closing walk only', () => {
    const cs = resolveAccess([group('customerService')]);
    expect(canReadWalk(cs, 'closing', 'post-close')).toBe(false);
    expect(mayAttachItemToWalk(cs, 'post-close', { kind: 'closing', type: 'post-close' })).toBe(
      true,
    );
    expect(mayAttachItemToWalk(cs, 'post-close', { kind: 'closing', type: 'final-punch' })).toBe(
      false,
    );
    expect(mayAttachItemToWalk(cs, 'post-close', { kind: 'managerWalk', type: undefined })).toBe(
      false,
    );
    expect(mayAttachItemToWalk(cs, 'post-close', { kind: 'preDrywall', type: undefined })).toBe(
      false,
    );
  });

  it('a walk the caller reads takes any item; a closing walk needs its type scope too', () => {
    const builder = resolveAccess([group('builder')]);
    expect(
      mayAttachItemToWalk(builder, 'frame-punch', { kind: 'preDrywall', type: undefined }),
    ).toBe(true);
    const walksOnly = resolveAccess([single('walks')]);
    expect(canReadWalk(walksOnly, 'closing', 'nhp')).toBe(false);
    expect(
      canReadWalk(
        resolveAccess([single('walks'), single('new_home_presentation')]),
        'closing',
        'nhp',
      ),
    ).toBe(true);
    expect(canReadWalk(builder, 'closing', 'not-a-type')).toBe(false);
    expect(canReadWalk(resolveAccess([single('admin')]), 'closing', 'not-a-type')).toBe(true);
  });
});
