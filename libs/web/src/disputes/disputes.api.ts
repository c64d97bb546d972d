// Typed calls of the disputes API (libs/contracts/src/api/disputes.ts) and their query keys.
import {
  type DisputeView,
  type DisputesPage,
  type OpenDisputeRequest,
  type RespondToDisputeRequest,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

export const disputeKeys = {
  all: ['disputes'] as const,
  list: ['disputes', 'list'] as const,
  detail: (id: string) => ['disputes', 'detail', id] as const,
};

const path = (id: string, action = '') =>
  `/api/v1/disputes/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/** My disputes as buyer and seller, newest first. */
export function fetchDisputes({ signal }: { signal?: AbortSignal } = {}): Promise<DisputesPage> {
  return apiFetch<DisputesPage>('/api/v1/disputes', { signal });
}

/** One dispute with its thread. */
export function fetchDispute(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DisputeView> {
  return apiFetch<DisputeView>(path(id), { signal });
}

/** The buyer opens a dispute on a paid or shipped order (its automatic release stops). */
export function openDispute(
  orderId: string,
  input: OpenDisputeRequest,
  idempotencyKey: string,
): Promise<DisputeView> {
  return apiFetch<DisputeView>(`/api/v1/orders/${encodeURIComponent(orderId)}/disputes`, {
    method: 'POST',
    json: input,
    headers: keyed(idempotencyKey),
  });
}

export function respondToDispute(
  id: string,
  input: RespondToDisputeRequest,
  idempotencyKey: string,
): Promise<DisputeView> {
  return apiFetch<DisputeView>(path(id, 'response'), {
    method: 'POST',
    json: input,
    headers: keyed(idempotencyKey),
  });
}

export function acceptDisputeProposal(id: string, idempotencyKey: string): Promise<DisputeView> {
  return apiFetch<DisputeView>(path(id, 'accept-proposal'), {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}

export function withdrawDispute(id: string, idempotencyKey: string): Promise<DisputeView> {
  return apiFetch<DisputeView>(path(id, 'withdraw'), {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}

export function postDisputeMessage(
  id: string,
  body: string,
  photoIds: string[] = [],
): Promise<DisputeView> {
  return apiFetch<DisputeView>(path(id, 'messages'), {
    method: 'POST',
    json: photoIds.length > 0 ? { body, photoIds } : { body },
  });
}

/** Return and refund: the buyer sent the item back. */
export function markReturnShipped(id: string, idempotencyKey: string): Promise<DisputeView> {
  return apiFetch<DisputeView>(path(id, 'return-shipped'), {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}

/** Return and refund: the seller has the item back (the buyer is refunded). */
export function confirmReturn(id: string, idempotencyKey: string): Promise<DisputeView> {
  return apiFetch<DisputeView>(path(id, 'return-received'), {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}
