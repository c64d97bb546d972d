import './profile-listings.css';
import { CONDITION_LABELS } from '@loadout/contracts';
import { Button, Card, Skeleton } from '@loadout/ui';
import { formatListingPrice, useSellerListings, Link } from '@loadout/web';

/** How many listings a public profile shows before "See all". */
const PROFILE_LISTINGS_LIMIT = 12;

export interface ProfileListingsProps {
  userId: string;
  /** The member's display name, for the empty state. */
  name: string;
}

/** The "Listings" section of a public profile: up to 12 active listings and "See all". */
export function ProfileListings({ userId, name }: ProfileListingsProps) {
  const listings = useSellerListings(userId, PROFILE_LISTINGS_LIMIT);
  const sellerPath = `/seller/${encodeURIComponent(userId)}`;

  return (
    <Card as="section" aria-labelledby="public-listings-title" className="profile-listings">
      <div className="profile-listings__head">
        <h2 id="public-listings-title">Listings</h2>
        {listings.data && listings.data.total > 0 ? (
          <Link to={sellerPath}>
            See all<span className="lo-visually-hidden"> {listings.data.total} listings</span>
          </Link>
        ) : null}
      </div>
      {listings.isPending ? (
        <div role="status" aria-label="Loading listings">
          <Skeleton width="100%" height="4rem" shape="rect" />
          <Skeleton width="100%" height="4rem" shape="rect" />
        </div>
      ) : listings.isError ? (
        <div role="alert" className="profile-listings__error">
          <p>The listings could not be loaded. {listings.error.message}</p>
          <Button
            size="sm"
            variant="secondary"
            loading={listings.isFetching}
            onClick={() => void listings.refetch()}
          >
            Retry
          </Button>
        </div>
      ) : listings.data.items.length === 0 ? (
        <p className="lo-muted">{name} has nothing for sale right now.</p>
      ) : (
        <ul className="profile-listings__list">
          {listings.data.items.map((item) => (
            <li key={item.id} className="profile-listing">
              {item.thumbUrl ? (
                <img className="profile-listing__thumb" src={item.thumbUrl} alt="" loading="lazy" />
              ) : (
                <span className="profile-listing__thumb" aria-hidden="true" />
              )}
              <div>
                <Link
                  to={`/listing/${encodeURIComponent(item.id)}`}
                  className="profile-listing__title"
                >
                  {item.title}
                </Link>
                <p className="profile-listing__meta">
                  {item.priceCents === null ? null : (
                    <strong>{formatListingPrice(item.priceCents)}</strong>
                  )}
                  {item.condition ? <span>{CONDITION_LABELS[item.condition]}</span> : null}
                  {item.county ? <span>Co. {item.county}</span> : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
