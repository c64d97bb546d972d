import { type ListingDto } from '@loadout/contracts';
import { QueryClient } from '@tanstack/react-query';
import { listingKeys } from './listings.api';
import { listingSaved } from './seller-listings.api';

// Issue 29 item 5: the seller's writes and the public reads share one cache-key space, so an
// edit shows on the listing page at once and every list that may show it is refetched.
describe('listingSaved', () => {
  const before = { id: 'l1', title: 'Tokyo Marui M4', priceCents: 25_000 } as ListingDto;
  const saved = { ...before, title: 'Tokyo Marui M4A1', priceCents: 22_000 } as ListingDto;

  it('puts the answer in the listing page’s entry and marks the lists stale, not the detail', () => {
    const client = new QueryClient();
    client.setQueryData(listingKeys.detail('l1'), before);
    client.setQueryData(listingKeys.list({ search: 'm4' }), { pages: [], pageParams: [] });
    client.setQueryData(listingKeys.mine('all'), { pages: [], pageParams: [] });
    client.setQueryData(listingKeys.featured, { items: [] });

    listingSaved(client, saved);

    expect(client.getQueryData(listingKeys.detail('l1'))).toEqual(saved);
    const state = (key: readonly unknown[]) => client.getQueryState(key)!.isInvalidated;
    expect(state(listingKeys.detail('l1'))).toBe(false);
    expect(state(listingKeys.list({ search: 'm4' }))).toBe(true);
    expect(state(listingKeys.mine('all'))).toBe(true);
    expect(state(listingKeys.featured)).toBe(true);
  });
});
