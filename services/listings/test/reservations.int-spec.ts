import 'reflect-metadata';
import { type ListingDto } from '@loadout/contracts';
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
});
