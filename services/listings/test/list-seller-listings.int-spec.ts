import 'reflect-metadata';
import { type ListingDto, type ListingListResponse } from '@loadout/contracts';
import { useListingsApp } from './support/listings-harness';

/**
 * Issue 26 (ADR 0038): the admin area's user page lists a seller's listings of every status —
 * drafts and removed ones too, which the public search never shows. Admins only.
 */
describe('a seller’s listings for admins', () => {
  const t = useListingsApp();
  const { call, newSeller, create } = t;

  it('lists every status for an admin, filters by status, and refuses anyone else', async () => {
    const seller = await newSeller();
    const active = await create(seller.token);
    const draft = await create(seller.token, { publish: false });
    const removed = await create(seller.token);
    const withdrawn = await call<ListingDto>(`/api/v1/listings/${removed.id}`, {
      method: 'DELETE',
      token: seller.token,
    });
    expect(withdrawn.body.status).toBe('removed');
    const other = await newSeller();
    await create(other.token);

    const all = await call<ListingListResponse>(`/api/v1/admin/listings?sellerId=${seller.id}`, {
      token: t.admin,
    });
    expect(all.status).toBe(200);
    expect(all.body.items.map((l) => l.id).sort()).toEqual(
      [active.id, draft.id, removed.id].sort(),
    );

    const onlyRemoved = await call<ListingListResponse>(
      `/api/v1/admin/listings?sellerId=${seller.id}&status=removed`,
      { token: t.admin },
    );
    expect(onlyRemoved.body.items.map((l) => l.id)).toEqual([removed.id]);

    expect((await call('/api/v1/admin/listings', { token: t.admin })).status).toBe(400);
    expect((await call(`/api/v1/admin/listings?sellerId=${seller.id}`)).status).toBe(401);
    expect(
      (await call(`/api/v1/admin/listings?sellerId=${seller.id}`, { token: seller.token })).status,
    ).toBe(403);
  });
});
