// The administration calls (admin scope): users with their scopes, approve a registration,
// add or remove a scope group or single scope, invite a user (again), edit a user's employee
// link, role and scopes, and which homes a link and scopes give.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, Scope, ScopeGroup } from '@field/domain';
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
  airtableId: string | null;
  scopes: Scope[];
}

export interface PersonEdit {
  airtableId: string | null;
  role: string;
  scopes: Scope[];
}

const homesForSchema = z.object({
  count: z.number(),
  total: z.number(),
  addresses: z.array(z.string()),
});

/** Which homes an employee link and scopes give (the server applies the domain's rule). */
export function useHomesFor(airtableId: string | null, scopes: readonly Scope[]) {
  return useQuery({
    queryKey: ['admin', 'homes-for', airtableId, scopes],
    queryFn: ({ signal }) =>
      apiClient.post('/api/admin/homes-for', { airtableId, scopes }, homesForSchema, { signal }),
  });
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
    editUser: useMutation({
      mutationFn: ({ userId, edit }: { userId: string; edit: PersonEdit }) =>
        apiClient.patch(id(userId), edit, adminUserSchema),
      onSettled,
    }),
    inviteAgain: useMutation({
      mutationFn: (user: Pick<AdminUser, 'id'>) =>
        apiClient.post(`${id(user.id)}/invite`, {}, anyJson),
    }),
  };
}
