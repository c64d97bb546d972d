import { type EventPayloads, type OfferFactsV1 } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { type NewEvent } from '@loadout/events';

type OfferTopic = Extract<keyof EventPayloads, `orders.offer.${string}`>;

/** A buyer's offer of €70.00 on a €100.00 listing of `sellerId`, open for 48 h. */
export const offerFacts = (buyerId: string, sellerId: string): OfferFactsV1 => ({
  offerId: newId(),
  listingId: newId(),
  listingTitle: 'Tokyo Marui Hi-Capa 5.1',
  buyerId,
  sellerId,
  askingCents: 10_000,
  amountCents: 7_000,
  status: 'open',
  by: 'buyer',
  at: new Date().toISOString(),
  expiresAt: '2026-12-01T12:00:00.000Z',
});

/** One offer event: `extra` is the step's own fields (message, orderId) and any change. */
export const offerEvent = <T extends OfferTopic>(
  type: T,
  f: OfferFactsV1,
  extra: Partial<EventPayloads[T]> = {},
): NewEvent<T> =>
  ({
    type,
    aggregateId: f.offerId,
    payload: { ...f, ...extra },
  }) as NewEvent<T>;
