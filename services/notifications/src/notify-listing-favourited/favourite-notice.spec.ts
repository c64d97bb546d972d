import { favouriteNotice, favouriteThrottleKey, irishDay, listingPath } from './favourite-notice';

describe('favourite notice', () => {
  it('counts days in Irish time (23:30 UTC in summer is already the next day)', () => {
    expect(irishDay('2026-07-01T23:30:00Z')).toBe('2026-07-02');
    expect(irishDay('2026-12-01T23:30:00Z')).toBe('2026-12-01');
    expect(favouriteThrottleKey('L1', '2026-12-01T10:00:00Z')).toBe(
      'listing_favourited:L1:2026-12-01',
    );
  });

  it('does not name who favourited it and counts the others', () => {
    expect(favouriteNotice({ title: 'G&G CM16', favoriteCount: 1 })).toEqual({
      title: 'Someone favourited your listing',
      message: '"G&G CM16" was added to a favourites list.',
    });
    expect(favouriteNotice({ title: 'G&G CM16', favoriteCount: 3 }).message).toBe(
      '"G&G CM16" was added to a favourites list. It is now in 3 favourites lists.',
    );
  });

  it('links to the listing page', () => {
    expect(listingPath('abc')).toBe('/listing/abc');
  });
});
