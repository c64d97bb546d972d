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
    // Not awaited: the caller's own onSuccess (its toast) runs at once. Awaiting the refetch let
    // the page re-render first, and the suspension form, keyed by the account's state, unmounted
    // before its callbacks ran: no "Account suspended" (the suspension journey, 2026-11-27).
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.all });
    },
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
