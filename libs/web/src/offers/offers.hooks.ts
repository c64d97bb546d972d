import {
  type CounterOfferRequest,
  type MakeOfferRequest,
  type OfferView,
} from '@loadout/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptOffer,
  counterOffer,
  declineOffer,
  fetchOffers,
  makeOffer,
  offerKeys,
  withdrawOffer,
} from './offers.api';

/** Sent (`buyer`) or received (`seller`) offers; re-read every 30 s (the other side acts). */
export function useOffers(
  role: 'buyer' | 'seller',
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: offerKeys.list(role),
    queryFn: ({ signal }) => fetchOffers(role, { signal }),
    enabled,
    refetchInterval: 30_000,
  });
}

/** A changed offer: its detail replaced, the lists re-read (and the orders, when accepted). */
function offerChanged(client: QueryClient, offer: OfferView) {
  client.setQueryData(offerKeys.detail(offer.id), offer);
  void client.invalidateQueries({ queryKey: offerKeys.all });
  if (offer.orderId) void client.invalidateQueries({ queryKey: ['orders'] });
}

/** Variables of an offer action: the key is made once per click and kept for its retry. */
export interface OfferActionVariables<T = undefined> {
  id: string;
  idempotencyKey: string;
  input: T;
}

export function useMakeOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: MakeOfferRequest; idempotencyKey: string }) =>
      makeOffer(input, idempotencyKey),
    onSuccess: (offer) => offerChanged(client, offer),
  });
}

export function useAcceptOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: OfferActionVariables) => acceptOffer(id, idempotencyKey),
    onSuccess: ({ offer }) => offerChanged(client, offer),
  });
}

export function useCounterOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, idempotencyKey }: OfferActionVariables<CounterOfferRequest>) =>
      counterOffer(id, input, idempotencyKey),
    onSuccess: (offer) => offerChanged(client, offer),
  });
}

export function useDeclineOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: OfferActionVariables) => declineOffer(id, idempotencyKey),
    onSuccess: (offer) => offerChanged(client, offer),
  });
}

export function useWithdrawOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: OfferActionVariables) => withdrawOffer(id, idempotencyKey),
    onSuccess: (offer) => offerChanged(client, offer),
  });
}
