import 'reflect-metadata';
import { type ListingDto, type ReservationResponse } from '@loadout/contracts';
import { INTERNAL_TOKEN, type ErrorBody, useListingsApp } from './support/listings-harness';

describe('internal order commands', () => {
  const t = useListingsApp();
  const { call, newSeller, create, outboxTopics, browse } = t;

  const command = (id: string, action: string, orderId: string, token = INTERNAL_TOKEN) =>
    call<{ status: string; changed: boolean } & ErrorBody>(`/internal/listings/${id}/${action}`, {
      method: 'POST',
      internal: token,
      json: { orderId },
    });

  it('reserves, releases and sells idempotently by order id', async () => {
    const seller = await newSeller();
    const listing = await create(seller.token);
    expect((await command(listing.id, 'reserve', 'order-1', 'wrong-token-xxxxxxxxxx')).status).toBe(
      401,
    );
    expect((await command(listing.id, 'reserve', 'order-1')).body).toMatchObject({
      status: 'reserved',
      changed: true,
    });
    expect((await command(listing.id, 'reserve', 'order-1')).body).toMatchObject({
      status: 'reserved',
      changed: false,
    });
    const taken = await command(listing.id, 'reserve', 'order-2');
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('LISTINGS.NOT_AVAILABLE');
    expect((await command(listing.id, 'release', 'order-2')).status).toBe(409);
    expect((await command(listing.id, 'sold', 'order-2')).status).toBe(409);
    expect((await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.status).toBe('reserved');
    expect((await command(listing.id, 'release', 'order-1')).body).toMatchObject({
      status: 'active',
      changed: true,
    });
    expect((await command(listing.id, 'release', 'order-1')).body.changed).toBe(false);
    expect((await command(listing.id, 'reserve', 'order-3')).body.changed).toBe(true);
    expect((await command(listing.id, 'sold', 'order-3')).body).toMatchObject({
      status: 'sold',
      changed: true,
    });
    expect((await command(listing.id, 'sold', 'order-3')).body.changed).toBe(false);
    expect(await outboxTopics(listing.id)).toEqual([
      'listings.listing.published.v1',
      'listings.listing.reserved.v1',
      'listings.listing.released.v1',
      'listings.listing.reserved.v1',
      'listings.listing.sold.v1',
    ]);
    const withdraw = await call<ErrorBody>(`/api/v1/listings/${listing.id}`, {
      method: 'DELETE',
      token: seller.token,
    });
    expect(withdraw.status).toBe(409);
    expect((await browse(`sellerId=${seller.id}`)).body.items).toEqual([]);
  });

  it('a reserve for a buyer answers what checkout needs, as the page shows it, or refuses first (ADR 0056)', async () => {
    const seller = await newSeller('Ciara Walsh');
    const listing = await create(seller.token, {
      shipping: { postageCents: null, collection: true },
    });
    const page = (await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body;
    const reserveFor = (buyerId: string, delivery: 'post' | 'collection', orderId = 'order-b1') =>
      call<ReservationResponse & ErrorBody>(`/internal/listings/${listing.id}/reserve`, {
        method: 'POST',
        internal: INTERNAL_TOKEN,
        json: { orderId, buyerId, delivery },
      });

    const own = await reserveFor(seller.id, 'collection');
    expect([own.status, own.body.code]).toEqual([409, 'LISTINGS.OWN_LISTING']);
    const notPosted = await reserveFor('buyer-1', 'post');
    expect([notPosted.status, notPosted.body.code]).toEqual([409, 'LISTINGS.DELIVERY_UNAVAILABLE']);
    const invalid = await reserveFor('buyer-1', 'courier' as 'post');
    expect(invalid.status).toBe(400);
    // The refusals held nothing and announced nothing.
    expect((await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.status).toBe('active');
    expect(await outboxTopics(listing.id)).toEqual(['listings.listing.published.v1']);

    const held = await reserveFor('buyer-1', 'collection');
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ status: 'reserved', changed: true });
    expect(held.body.terms).toEqual({
      sellerId: seller.id,
      title: page.title,
      priceCents: page.priceCents,
      postageCents: null,
      collection: true,
      county: page.county,
      thumbUrl: page.thumbUrl,
      sellerDisplayName: page.seller.displayName,
      sellerType: page.seller.sellerType,
    });
    expect(page.seller.displayName).toBe('Ciara Walsh');
    // The same order again: the same answer, nothing changed.
    const again = await reserveFor('buyer-1', 'collection');
    expect(again.body).toMatchObject({ changed: false, terms: held.body.terms });
    const other = await reserveFor('buyer-2', 'collection', 'order-b2');
    expect([other.status, other.body.code]).toEqual([409, 'LISTINGS.NOT_AVAILABLE']);
  });
});
