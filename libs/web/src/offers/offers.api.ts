// Typed calls of the offers API (libs/contracts/src/api/offers.ts) and their query keys.
import {
  type AcceptOfferResponse,
  type CounterOfferRequest,
  type MakeOfferRequest,
  type OfferView,
  type OffersPage,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

export const offerKeys = {
  all: ['offers'] as const,
  list: (role: 'buyer' | 'seller') => ['offers', 'list', role] as const,
  detail: (id: string) => ['offers', 'detail', id] as const,
};

const path = (id: string, action = '') =>
  `/api/v1/offers/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/** My offers on one side: `buyer` = sent, `seller` = received; newest change first. */
export function fetchOffers(
  role: 'buyer' | 'seller',
  { signal }: { signal?: AbortSignal } = {},
): Promise<OffersPage> {
  return apiFetch<OffersPage>(`/api/v1/offers?role=${role}`, { signal });
}

export function fetchOffer(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiFetch<OfferView>(path(id), { signal });
}

/** The buyer offers a price (with the delivery of the order to be). */
export function makeOffer(input: MakeOfferRequest, idempotencyKey: string): Promise<OfferView> {
  return apiFetch<OfferView>('/api/v1/offers', {
    method: 'POST',
    json: input,
    headers: keyed(idempotencyKey),
  });
}

/** Seller (an offer) or buyer (a counter) agrees: the answer names the order to pay. */
export function acceptOffer(id: string, idempotencyKey: string): Promise<AcceptOfferResponse> {
  return apiFetch<AcceptOfferResponse>(path(id, 'accept'), {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}

export function counterOffer(
  id: string,
  input: CounterOfferRequest,
  idempotencyKey: string,
): Promise<OfferView> {
  return apiFetch<OfferView>(path(id, 'counter'), {
    method: 'POST',
    json: input,
    headers: keyed(idempotencyKey),
  });
}

export function declineOffer(id: string, idempotencyKey: string): Promise<OfferView> {
  return apiFetch<OfferView>(path(id, 'decline'), {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}

export function withdrawOffer(id: string, idempotencyKey: string): Promise<OfferView> {
  return apiFetch<OfferView>(path(id, 'withdraw'), {
    method: 'POST',
    json: {},
    headers: keyed(idempotencyKey),
  });
}
