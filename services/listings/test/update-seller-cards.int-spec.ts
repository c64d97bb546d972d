import 'reflect-metadata';
import { type ListingDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { waitFor } from '@loadout/events/testing';
import { useListingsApp } from './support/listings-harness';

describe('identity events', () => {
  const t = useListingsApp();
  const { call, newSeller, create } = t;

  it('builds the seller card from identity events, once per event', async () => {
    const userId = newId();
    const token = await t.issuer.sign({
      sub: userId,
      preferred_username: 'claims_name',
      name: 'Claims Name',
      roles: ['user'],
    });
    const listing = await create(token);
    expect(listing.seller).toMatchObject({ displayName: 'Claims Name', username: 'claims_name' });

    const registered = await t.identity.publish({
      type: 'identity.user.registered.v1',
      aggregateId: userId,
      payload: {
        userId,
        email: 'niamh@example.test',
        username: 'niamh_k',
        fullName: 'Niamh Kelly',
        sellerType: 'trader',
      },
    });
    await waitFor('seller from registered event', async () => {
      const rows = await t.ds.query(`SELECT display_name FROM listings.sellers WHERE id = $1`, [
        userId,
      ]);
      return rows[0]?.display_name === 'Niamh Kelly';
    });
    const updated = await t.identity.publish({
      type: 'identity.user.profile_updated.v1',
      aggregateId: userId,
      payload: {
        userId,
        username: 'niamh_k',
        displayName: 'Niamh K.',
        county: 'Kerry',
        sellerType: 'trader',
        avatarUrl: null,
      },
    });
    await waitFor('profile update applied', async () => {
      const rows = await t.ds.query(`SELECT county FROM listings.sellers WHERE id = $1`, [userId]);
      return rows[0]?.county === 'Kerry';
    });
    await t.identity.redeliver(registered.id);
    await waitFor('redelivered event skipped', async () => {
      const rows = await t.ds.query(
        `SELECT count(*)::int AS n FROM event_bus.log WHERE event_id = $1`,
        [registered.id],
      );
      return rows[0].n === 2;
    });
    await new Promise((r) => setTimeout(r, 300));
    const seller = await call<ListingDto>(`/api/v1/listings/${listing.id}`, { token });
    expect(seller.body.seller).toEqual({
      id: userId,
      username: 'niamh_k',
      displayName: 'Niamh K.',
      county: 'Kerry',
      sellerType: 'trader',
      memberSince: registered.occurredAt,
    });
    const inbox = await t.ds.query(
      `SELECT event_id FROM listings.inbox WHERE consumer = 'listings' AND event_id = ANY($1)`,
      [[registered.id, updated.id]],
    );
    expect(inbox).toHaveLength(2);
    expect(await t.ds.query(`SELECT 1 FROM listings.sellers WHERE id = $1`, [userId])).toHaveLength(
      1,
    );
  });

  it('shows a neutral seller when the card is missing', async () => {
    const seller = await newSeller();
    const listing = await create(seller.token);
    await t.ds.query(`DELETE FROM listings.sellers WHERE id = $1`, [seller.id]);
    const res = await call<ListingDto>(`/api/v1/listings/${listing.id}`, { token: seller.token });
    expect(res.body.seller).toMatchObject({
      displayName: 'Loadout member',
      username: '',
      sellerType: 'private',
      county: null,
    });
  });
});
