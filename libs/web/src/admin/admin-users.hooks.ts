import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeRoleRequest, type SuspendUserRequest } from '@loadout/contracts';
import { adminKeys } from './admin.api';
import {
  adminUserKeys,
  changeUserRole,
  fetchAdminUser,
  reinstateUser,
  searchAdminUsers,
  suspendUser,
} from './admin-users.api';

/** One keyset page of the account search; the previous page stays while the next loads. */
export function useAdminUsers(q: string, cursor: string | null) {
  return useQuery({
    queryKey: adminUserKeys.search(q, cursor),
    queryFn: ({ signal }) => searchAdminUsers(q, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminUserKeys.user(id),
    queryFn: ({ signal }) => fetchAdminUser(id, { signal }),
  });
}

/** Account changes refresh the whole admin area (the search, the profile, the audit log). */
function useAccountMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSuspendUser() {
  return useAccountMutation(({ id, input }: { id: string; input: SuspendUserRequest }) =>
    suspendUser(id, input),
  );
}

export function useReinstateUser() {
  return useAccountMutation(({ id, reason }: { id: string; reason: string }) =>
    reinstateUser(id, reason),
  );
}

export function useChangeUserRole() {
  return useAccountMutation(({ id, input }: { id: string; input: ChangeRoleRequest }) =>
    changeUserRole(id, input),
  );
}
