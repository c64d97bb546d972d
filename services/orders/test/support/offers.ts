import { type AcceptOfferResponse, type OfferView } from '@loadout/contracts';
import { OffersExpirer } from '../../src/offers/expire-offers/offers-expirer';
import { buildAddress } from '../factories/address.factory';
import { type TestUser } from '../factories/user.factory';
import { type OrdersHarness } from './orders-harness';

/** The offers routes as the tests call them. */
export const offersApi = (h: OrdersHarness) => ({
  make: (
    buyer: TestUser,
    listingId: string,
    amountCents: number,
    over: Record<string, unknown> = {},
    key?: string,
  ) =>
    h.call<OfferView>('/api/v1/offers', {
      token: buyer.token,
      json: {
        listingId,
        amountCents,
        delivery: 'post',
        deliveryAddress: buildAddress(),
        ...over,
      },
      headers: key ? { 'idempotency-key': key } : {},
    }),
  act: <T = OfferView>(user: TestUser, offerId: string, action: string, json: unknown = {}) =>
    h.call<T>(`/api/v1/offers/${offerId}/${action}`, { token: user.token, json }),
  accept: (user: TestUser, offerId: string) =>
    h.call<AcceptOfferResponse>(`/api/v1/offers/${offerId}/accept`, {
      token: user.token,
      json: {},
    }),
  view: (user: TestUser, offerId: string) =>
    h.call<OfferView>(`/api/v1/offers/${offerId}`, { token: user.token }),
  list: (user: TestUser, role?: string) =>
    h.call<{ items: OfferView[] }>(`/api/v1/offers${role ? `?role=${role}` : ''}`, {
      token: user.token,
    }),
  expireDue: (now?: Date) => h.app.get(OffersExpirer).expireDue(now),
  /** Moves an offer's deadline into the past, as if 48 h had gone by. */
  lapse: (offerId: string) =>
    h.ds.query(`UPDATE orders.offers SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      offerId,
    ]),
  ordersOfListing: async (listingId: string) =>
    (
      (await h.ds.query(`SELECT id FROM orders.orders WHERE listing_id = $1`, [listingId])) as {
        id: string;
      }[]
    ).map((r) => r.id),
});
