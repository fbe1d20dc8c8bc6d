// The administration calls (admin scope): users with their scopes, approve a registration,
// add or remove a scope group or single scope, add a user.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Scope, ScopeGroup } from '@field/domain';
import { adminUserSchema, z } from '@field/domain';
import { anyJson, apiClient } from '../../../api/client';

const BASE = '/api/admin/users';
const KEY = ['admin', 'users'] as const;

const userList = z.array(adminUserSchema);

export function useAdminUsers(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    enabled,
    queryFn: ({ signal }) => apiClient.get(BASE, userList, { signal }),
  });
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  group?: ScopeGroup;
}

export function useAdminActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: KEY });
  const id = (userId: string) => `${BASE}/${encodeURIComponent(userId)}`;
  return {
    approve: useMutation({
      mutationFn: ({ userId, group }: { userId: string; group: ScopeGroup }) =>
        apiClient.post(`${id(userId)}/approve`, { group }, anyJson),
      onSettled,
    }),
    addScope: useMutation({
      mutationFn: ({ userId, scope }: { userId: string; scope: Pick<Scope, 'value' | 'group'> }) =>
        apiClient.post(
          `${id(userId)}/scopes`,
          { ...scope, approved: true, read: true, write: true },
          anyJson,
        ),
      onSettled,
    }),
    removeScope: useMutation({
      mutationFn: ({ userId, scope }: { userId: string; scope: Pick<Scope, 'value' | 'group'> }) =>
        apiClient.delete(
          `${id(userId)}/scopes/${encodeURIComponent(scope.value)}?group=${String(scope.group)}`,
          anyJson,
        ),
      onSettled,
    }),
    addUser: useMutation({
      mutationFn: (user: NewUser) => apiClient.post(BASE, user, anyJson),
      onSettled,
    }),
  };
}
