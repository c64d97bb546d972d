import 'reflect-metadata';
import { type ListingDto } from '@loadout/contracts';
import { type ErrorBody, useListingsApp } from './support/listings-harness';

describe('withdrawing and removing', () => {
  const t = useListingsApp();
  const { call, newSeller, create, outboxTopics } = t;

  it('withdraws for the owner once, and lets a moderator remove with a reason', async () => {
    const seller = await newSeller();
    const mine = await create(seller.token);
    const first = await call<ListingDto>(`/api/v1/listings/${mine.id}`, {
      method: 'DELETE',
      token: seller.token,
    });
    expect(first.body).toMatchObject({ status: 'removed', removalReason: null });
    const again = await call<ListingDto>(`/api/v1/listings/${mine.id}`, {
      method: 'DELETE',
      token: seller.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.updatedAt).toBe(first.body.updatedAt);
    expect(await outboxTopics(mine.id)).toEqual([
      'listings.listing.published.v1',
      'listings.listing.removed.v1',
    ]);
    expect((await call(`/api/v1/listings/${mine.id}`)).status).toBe(404);

    const target = await create(seller.token);
    const noReason = await call<ErrorBody>(`/api/v1/listings/${target.id}`, {
      method: 'DELETE',
      token: t.admin,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('LISTINGS.REASON_REQUIRED');
    const other = await newSeller();
    expect(
      (await call(`/api/v1/listings/${target.id}`, { method: 'DELETE', token: other.token }))
        .status,
    ).toBe(403);
    const removed = await call<ListingDto>(`/api/v1/listings/${target.id}`, {
      method: 'DELETE',
      token: t.admin,
      json: { reason: 'Listed item is a real firearm part.' },
    });
    expect(removed.body).toMatchObject({
      status: 'removed',
      removalReason: 'Listed item is a real firearm part.',
    });
    const [event] = await t.ds.query(
      `SELECT envelope FROM listings.outbox WHERE aggregate_id = $1 AND topic = 'listings.listing.removed.v1'`,
      [target.id],
    );
    expect(event.envelope.payload).toEqual({
      listingId: target.id,
      sellerId: seller.id,
      removedBy: 'moderator',
      reason: 'Listed item is a real firearm part.',
    });
    const ownerView = await call<ListingDto>(`/api/v1/listings/${target.id}`, {
      token: seller.token,
    });
    expect(ownerView.body.removalReason).toBe('Listed item is a real firearm part.');
    const edit = await call<ErrorBody>(`/api/v1/listings/${target.id}`, {
      method: 'PATCH',
      token: seller.token,
      json: { priceCents: 5000 },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('LISTINGS.NOT_EDITABLE');
  });
});
