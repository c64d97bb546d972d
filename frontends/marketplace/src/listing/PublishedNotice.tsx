import { type ListingDto } from '@loadout/contracts';
import { buttonClassName } from '@loadout/ui';
import { Link, useLocation } from '@loadout/web';

/** Navigation state the sell form passes to the listing page after publishing. */
export interface PublishedState {
  published: true;
}

export const isPublishedState = (state: unknown): state is PublishedState =>
  typeof state === 'object' && state !== null && (state as PublishedState).published === true;

/**
 * "Your listing is live": shown to the seller on the listing page they land on after publishing
 * (a toast alone was easy to miss), only while the listing is for sale.
 */
export function PublishedNotice({ listing, isOwner }: { listing: ListingDto; isOwner: boolean }) {
  const { state } = useLocation();
  if (!isOwner || listing.status !== 'active' || !isPublishedState(state)) return null;
  return (
    <div className="mp-banner mp-banner--live" role="status">
      <p>
        <strong>Your listing is live.</strong> Buyers can find it in the marketplace now.
      </p>
      <Link to="/sell" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
        Sell another item
      </Link>
    </div>
  );
}
