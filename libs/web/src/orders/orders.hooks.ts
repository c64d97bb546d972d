import {
  type CancelOrderRequest,
  type CreateOrderRequest,
  type OrderRole,
  type OrderView,
  type PayOrderRequest,
  type ShipOrderRequest,
} from '@loadout/contracts';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  cancelOrder,
  confirmDelivery,
  createOrder,
  fetchMyOrderOfListing,
  fetchOrder,
  fetchOrders,
  fetchPaymentsConfig,
  fetchPayoutAccount,
  orderKeys,
  payOrder,
  shipOrder,
  startPayoutOnboarding,
} from './orders.api';

/** How often a page polls an order that waits for the payment processor. */
export const ORDER_POLL_MS = 1000;

export function usePaymentsConfig() {
  return useQuery({
    queryKey: orderKeys.paymentsConfig,
    queryFn: ({ signal }) => fetchPaymentsConfig({ signal }),
  });
}

export interface UseOrderOptions {
  enabled?: boolean;
  /** Keeps polling while this answers true for the latest order (e.g. a payment is processing). */
  pollWhile?: (order: OrderView) => boolean;
  pollMs?: number;
}

export function useOrder(
  id: string | null | undefined,
  { enabled = true, pollWhile, pollMs = ORDER_POLL_MS }: UseOrderOptions = {},
) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchOrder(id ?? '', { signal }),
    enabled: enabled && Boolean(id),
    refetchInterval: (query) => {
      const order = query.state.data;
      return order && pollWhile?.(order) ? pollMs : false;
    },
  });
}

/** The caller's orders as buyer or seller, newest first, one page per `nextCursor`. */
export function useOrders(role: OrderRole, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(role),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchOrders(role, pageParam, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** The caller's newest order of a listing (null when none); see `fetchMyOrderOfListing`. */
export function useMyOrderOfListing(
  listingId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: orderKeys.mineOfListing(listingId),
    queryFn: ({ signal }) => fetchMyOrderOfListing(listingId, { signal }),
    enabled: enabled && Boolean(listingId),
  });
}

export function usePayoutAccount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: orderKeys.payoutAccount,
    queryFn: ({ signal }) => fetchPayoutAccount({ signal }),
    enabled,
  });
}

/** A changed order: its detail is replaced and every list (and the seller's totals) re-read. */
function orderChanged(client: QueryClient, order: OrderView) {
  client.setQueryData(orderKeys.detail(order.id), order);
  void client.invalidateQueries({ queryKey: ['orders', 'list'] });
  void client.invalidateQueries({ queryKey: orderKeys.payoutAccount });
}

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrderRequest) => createOrder(input),
    // A second attempt would meet the reservation this one made: never retry a checkout.
    retry: false,
    onSuccess: (order) => orderChanged(client, order),
  });
}

/** Variables of an order action: the key is made once per click and kept for its retry. */
export interface OrderActionVariables<T = undefined> {
  orderId: string;
  idempotencyKey: string;
  input: T;
}

export function usePayOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input, idempotencyKey }: OrderActionVariables<PayOrderRequest>) =>
      payOrder(orderId, input, idempotencyKey),
    onSuccess: ({ order }) => orderChanged(client, order),
  });
}

export function useShipOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input, idempotencyKey }: OrderActionVariables<ShipOrderRequest>) =>
      shipOrder(orderId, input, idempotencyKey),
    onSuccess: (order) => orderChanged(client, order),
  });
}

export function useConfirmDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, idempotencyKey }: OrderActionVariables) =>
      confirmDelivery(orderId, idempotencyKey),
    onSuccess: (order) => orderChanged(client, order),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input, idempotencyKey }: OrderActionVariables<CancelOrderRequest>) =>
      cancelOrder(orderId, input, idempotencyKey),
    onSuccess: (order) => orderChanged(client, order),
  });
}

export function useStartPayoutOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) =>
      startPayoutOnboarding(idempotencyKey),
    onSuccess: (answer) => client.setQueryData(orderKeys.payoutAccount, answer.account),
  });
}
