import { type ListingDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { waitFor } from '@loadout/events/testing';
import { buildListing } from './factories/listing.factory';
import { INTERNAL_TOKEN, useListingsApp } from './support/listings-harness';

/** Issue 26 phase 2 (ADR 0035): a suspended seller's active listings are hidden, then back. */
describe("identity's suspensions → the seller's listings", () => {
  const h = useListingsApp();

  const viewStatus = async (id: string, token?: string) => {
    const res = await h.call<ListingDto>(`/api/v1/listings/${id}`, { token });
    return res.status === 200 ? res.body.status : res.status;
  };
  const browseIds = async (sellerId: string) =>
    (await h.browse(`sellerId=${sellerId}`)).body.items.map((l) => l.id);
  const internal = (path: string, orderId: string) =>
    h.call<ListingDto>(path, { method: 'POST', internal: INTERNAL_TOKEN, json: { orderId } });

  it('hides active listings (not reserved or drafts) while suspended, and shows them again', async () => {
    // A reserved listing released during the suspension is hidden too, and back with the rest.
    const seller = await h.newSeller();
    const active = await h.create(seller.token);
    const reserved = await h.create(seller.token);
    const draft = await h.create(seller.token, { ...buildListing(), publish: false });
    expect(draft.status).toBe('draft');
    const orderId = newId();
    expect((await internal(`/internal/listings/${reserved.id}/reserve`, orderId)).status).toBe(200);
    const unrelated = await h.create((await h.newSeller()).token);

    await h.identity.publish({
      type: 'identity.user.suspended.v1',
      aggregateId: seller.id,
      payload: { userId: seller.id, reason: 'Scam', until: null, suspendedBy: 'admin-1' },
    });
    await waitFor('listing hidden', async () => (await viewStatus(active.id)) === 404);
    expect(await viewStatus(active.id, seller.token)).toBe('hidden');
    expect(await viewStatus(reserved.id)).toBe('reserved');
    expect(await viewStatus(draft.id, seller.token)).toBe('draft');
    expect(await viewStatus(unrelated.id)).toBe('active');
    expect(await browseIds(seller.id)).toEqual([]);
    // The owner cannot put it back by editing it.
    const edit = await h.call(`/api/v1/listings/${active.id}`, {
      method: 'PATCH',
      token: seller.token,
      json: { priceCents: 5000 },
    });
    expect(edit.status).toBe(409);

    // Its order fails while the seller is suspended: released, but hidden, not active.
    const released = await internal(`/internal/listings/${reserved.id}/release`, orderId);
    expect(released.body).toMatchObject({ status: 'hidden', changed: true });
    await h.settled(reserved.id);
    expect(await viewStatus(reserved.id)).toBe(404);

    const events = (await h.ds.query(
      `SELECT envelope FROM listings.outbox WHERE aggregate_id = $1 AND topic = 'listings.listing.updated.v1'`,
      [active.id],
    )) as Array<{ envelope: { payload: { status: string; changed: string[] } } }>;
    expect(events.map((e) => e.envelope.payload)).toEqual([
      expect.objectContaining({ status: 'hidden', changed: ['status'] }),
    ]);

    await h.identity.publish({
      type: 'identity.user.reinstated.v1',
      aggregateId: seller.id,
      payload: { userId: seller.id, cause: 'lifted', liftedBy: 'admin-1', note: 'Appeal' },
    });
    await waitFor('listing back', async () => (await viewStatus(active.id)) === 'active');
    await h.settled(reserved.id);
    expect((await browseIds(seller.id)).sort()).toEqual([active.id, reserved.id].sort());
    expect(await viewStatus(reserved.id)).toBe('active');
    expect(await viewStatus(draft.id, seller.token)).toBe('draft');
  });
});
