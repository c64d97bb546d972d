// Typed calls of the orders API (libs/contracts/src/api/orders.ts) and their query keys, shared
// by the orders remote, the shell's header and later the admin remote.
import {
  type CancelOrderRequest,
  type CreateOrderRequest,
  type OrderRole,
  type OrderView,
  type OrdersPage,
  type PayOrderRequest,
  type PayOrderResponse,
  type PaymentsConfigView,
  type PayoutAccountView,
  type PayoutOnboardingResponse,
  type ShipOrderRequest,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

/** Orders per page of the dashboards. */
export const ORDERS_PAGE_SIZE = 20;

export const orderKeys = {
  all: ['orders'] as const,
  list: (role: OrderRole) => ['orders', 'list', role] as const,
  /** Under `list('buyer')`, so whatever refreshes My Purchases refreshes it too. */
  mineOfListing: (listingId: string) => ['orders', 'list', 'buyer', 'listing', listingId] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  paymentsConfig: ['payments', 'config'] as const,
  payoutAccount: ['payouts', 'account'] as const,
};

interface CallOptions {
  signal?: AbortSignal;
}

/**
 * A fresh `Idempotency-Key` for one user action. Make it once per click and keep it for the
 * retries of that click, so a repeated request is answered, never executed twice.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

const path = (id: string, action = '') =>
  `/api/v1/orders/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

export function fetchPaymentsConfig({ signal }: CallOptions = {}): Promise<PaymentsConfigView> {
  return apiFetch<PaymentsConfigView>('/api/v1/payments/config', { signal });
}

export function fetchOrder(id: string, { signal }: CallOptions = {}): Promise<OrderView> {
  return apiFetch<OrderView>(path(id), { signal });
}

export function fetchOrders(
  role: OrderRole,
  cursor: string | null,
  { signal }: CallOptions = {},
): Promise<OrdersPage> {
  return apiFetch<OrdersPage>('/api/v1/orders', {
    signal,
    query: { role, cursor, limit: ORDERS_PAGE_SIZE },
  });
}

/**
 * The caller's newest order (as buyer) of one listing, or null: checkout uses it to take a
 * buyer back to their own order of a listing they reserved (issue 25 item 2).
 */
export async function fetchMyOrderOfListing(
  listingId: string,
  { signal }: CallOptions = {},
): Promise<OrderView | null> {
  const page = await apiFetch<OrdersPage>('/api/v1/orders', {
    signal,
    query: { role: 'buyer', listingId, limit: 1 },
  });
  return page.items[0] ?? null;
}

/** Creates a `pending_payment` order and reserves the listing (409 when someone was faster). */
export function createOrder(input: CreateOrderRequest): Promise<OrderView> {
  return apiFetch<OrderView>('/api/v1/orders', { method: 'POST', json: input });
}

export function payOrder(
  id: string,
  input: PayOrderRequest,
  idempotencyKey: string,
): Promise<PayOrderResponse> {
  return apiFetch<PayOrderResponse>(path(id, 'pay'), {
    method: 'POST',
    json: input,
    headers: keyed(idempotencyKey),
  });
}

export function shipOrder(
  id: string,
  input: ShipOrderRequest,
  idempotencyKey: string,
): Promise<OrderView> {
  return apiFetch<OrderView>(path(id, 'ship'), {
    method: 'POST',
    json: input,
    headers: keyed(idempotencyKey),
  });
}

export function confirmDelivery(id: string, idempotencyKey: string): Promise<OrderView> {
  return apiFetch<OrderView>(path(id, 'confirm-delivery'), {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}

export function cancelOrder(
  id: string,
  input: CancelOrderRequest,
  idempotencyKey: string,
): Promise<OrderView> {
  return apiFetch<OrderView>(path(id, 'cancel'), {
    method: 'POST',
    json: input,
    headers: keyed(idempotencyKey),
  });
}

export function fetchPayoutAccount({ signal }: CallOptions = {}): Promise<PayoutAccountView> {
  return apiFetch<PayoutAccountView>('/api/v1/payouts/account', { signal });
}

export function startPayoutOnboarding(idempotencyKey: string): Promise<PayoutOnboardingResponse> {
  return apiFetch<PayoutOnboardingResponse>('/api/v1/payouts/onboarding', {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}
