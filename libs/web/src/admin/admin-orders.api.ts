// The admin area's calls to orders and listings (issue 26, ADR 0038): the disputes queue and
// decisions, a user's orders and listings, an order's ledger and the admin refund.
import {
  type AdminPage,
  type DecideDisputeRequest,
  type DisputeOrigin,
  type DisputeStatus,
  type DisputeView,
  type ListingListResponse,
  type OrderLedgerView,
  type OrderRole,
  type OrderView,
  type OrdersPage,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';
import { ADMIN_PAGE_SIZE } from './admin.api';

export interface DisputeQueueFilters {
  /** Omitted: the disputes that need an admin (escalated, open chargebacks). */
  status?: DisputeStatus;
  origin?: DisputeOrigin;
}

/** Under `['admin']` so every admin action refreshes them; orders' own keys for one order. */
export const adminOrderKeys = {
  disputes: (filters: DisputeQueueFilters, cursor: string | null) =>
    ['admin', 'disputes', filters, cursor] as const,
  userOrders: (userId: string, role: OrderRole, cursor: string | null) =>
    ['admin', 'user-orders', userId, role, cursor] as const,
  userListings: (sellerId: string, cursor: string | null) =>
    ['admin', 'user-listings', sellerId, cursor] as const,
  ledger: (orderId: string) => ['admin', 'order-ledger', orderId] as const,
};

type Signal = { signal?: AbortSignal };

export const fetchDisputeQueue = (
  filters: DisputeQueueFilters,
  cursor: string | null,
  { signal }: Signal = {},
) =>
  apiFetch<AdminPage<DisputeView>>('admin/disputes', {
    signal,
    query: { ...filters, cursor, limit: ADMIN_PAGE_SIZE },
  });

/** `POST admin/disputes/{id}/decision`: release, full refund or partial refund, with reasons. */
export const decideDispute = (id: string, input: DecideDisputeRequest, idempotencyKey: string) =>
  apiFetch<DisputeView>(`admin/disputes/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    json: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const fetchAdminUserOrders = (
  userId: string,
  role: OrderRole,
  cursor: string | null,
  { signal }: Signal = {},
) =>
  apiFetch<OrdersPage>('admin/orders', {
    signal,
    query: { userId, role, cursor, limit: 20 },
  });

export const fetchAdminUserListings = (
  sellerId: string,
  cursor: string | null,
  { signal }: Signal = {},
) =>
  apiFetch<ListingListResponse>('admin/listings', {
    signal,
    query: { sellerId, cursor, limit: 20 },
  });

export const fetchOrderLedger = (orderId: string, { signal }: Signal = {}) =>
  apiFetch<OrderLedgerView>(`admin/orders/${encodeURIComponent(orderId)}/ledger`, { signal });

/** `POST orders/{id}/refund` (admins): what Loadout still holds goes back to the buyer. */
export const refundOrder = (orderId: string, reason: string, idempotencyKey: string) =>
  apiFetch<OrderView>(`orders/${encodeURIComponent(orderId)}/refund`, {
    method: 'POST',
    json: { reason },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
