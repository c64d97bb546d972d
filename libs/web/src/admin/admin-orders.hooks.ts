import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DecideDisputeRequest, type OrderRole } from '@loadout/contracts';
import { disputeKeys } from '../disputes/disputes.api';
import { orderKeys } from '../orders/orders.api';
import { adminKeys } from './admin.api';
import {
  adminOrderKeys,
  decideDispute,
  fetchAdminUserListings,
  fetchAdminUserOrders,
  fetchDisputeQueue,
  fetchOrderLedger,
  refundOrder,
  type DisputeQueueFilters,
} from './admin-orders.api';

export function useDisputeQueue(filters: DisputeQueueFilters, cursor: string | null) {
  return useQuery({
    queryKey: adminOrderKeys.disputes(filters, cursor),
    queryFn: ({ signal }) => fetchDisputeQueue(filters, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUserOrders(userId: string, role: OrderRole, cursor: string | null) {
  return useQuery({
    queryKey: adminOrderKeys.userOrders(userId, role, cursor),
    queryFn: ({ signal }) => fetchAdminUserOrders(userId, role, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUserListings(sellerId: string, cursor: string | null) {
  return useQuery({
    queryKey: adminOrderKeys.userListings(sellerId, cursor),
    queryFn: ({ signal }) => fetchAdminUserListings(sellerId, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderLedger(orderId: string | null) {
  return useQuery({
    queryKey: adminOrderKeys.ledger(orderId ?? ''),
    queryFn: ({ signal }) => fetchOrderLedger(orderId ?? '', { signal }),
    enabled: Boolean(orderId),
  });
}

/** Money moved: the admin area, the disputes and the orders refresh. */
function useMoneyMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.all });
      void client.invalidateQueries({ queryKey: disputeKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export function useDecideDispute() {
  return useMoneyMutation(
    ({
      id,
      input,
      idempotencyKey,
    }: {
      id: string;
      input: DecideDisputeRequest;
      idempotencyKey: string;
    }) => decideDispute(id, input, idempotencyKey),
  );
}

export function useRefundOrder() {
  return useMoneyMutation(
    ({ id, reason, idempotencyKey }: { id: string; reason: string; idempotencyKey: string }) =>
      refundOrder(id, reason, idempotencyKey),
  );
}
