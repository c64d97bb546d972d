const IRISH_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Dublin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2026-11-23`: the day in Ireland, so "once a day" means an Irish calendar day. */
export const irishDay = (iso: string) => IRISH_DATE.format(new Date(iso));

/** At most one favourite notice per listing and Irish day. */
export const favouriteThrottleKey = (listingId: string, iso: string) =>
  `listing_favourited:${listingId}:${irishDay(iso)}`;

/** Text of the notice to the seller; who favourited it is never shown. */
export function favouriteNotice(i: { title: string; favoriteCount: number }): {
  title: string;
  message: string;
} {
  const others = i.favoriteCount > 1 ? ` It is now in ${i.favoriteCount} favourites lists.` : '';
  return {
    title: 'Someone favourited your listing',
    message: `"${i.title}" was added to a favourites list.${others}`,
  };
}

export const listingPath = (listingId: string) => `/listing/${encodeURIComponent(listingId)}`;
