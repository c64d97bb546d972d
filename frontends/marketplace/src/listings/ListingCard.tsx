import { type ListingSummaryDto, isReplicaCategory } from '@loadout/contracts';
import { Badge, StarRating } from '@loadout/ui';
import { Link } from '@loadout/web';
import { FavoriteButton } from './FavoriteButton';
import { conditionText, countyText, formatJoules, priceText } from './listing-format';

export interface ListingCardProps {
  listing: ListingSummaryDto;
  /** Heading level of the title inside the page's outline. */
  headingLevel?: 2 | 3;
}

export function ListingThumb({ url, title }: { url: string | null; title: string }) {
  return url ? (
    <img className="mp-thumb" src={url} alt={title} loading="lazy" />
  ) : (
    <div className="mp-thumb mp-thumb--empty" role="img" aria-label="No photo">
      <span aria-hidden="true">No photo</span>
    </div>
  );
}

/** A result card; the whole card opens the listing (the title link is stretched over it). */
export function ListingCard({ listing, headingLevel = 3 }: ListingCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const showJoules = listing.joules !== null && isReplicaCategory(listing.category);
  return (
    <article className="mp-card">
      <ListingThumb url={listing.thumbUrl} title={listing.title} />
      <div className="mp-card__body">
        <Heading className="mp-card__title">
          <Link to={`/listing/${encodeURIComponent(listing.id)}`} className="mp-card__link">
            {listing.title}
          </Link>
        </Heading>
        <p className="mp-card__price">{priceText(listing.priceCents)}</p>
        <p className="mp-card__meta">
          <span>{countyText(listing.county)}</span>
          <span aria-hidden="true"> · </span>
          <span>{conditionText(listing.condition)}</span>
        </p>
        {listing.sellerRating?.average != null && listing.sellerRating.count > 0 ? (
          <p className="mp-card__rating">
            <span className="lo-visually-hidden">Seller: </span>
            <StarRating value={listing.sellerRating.average} count={listing.sellerRating.count} />
          </p>
        ) : null}
        {showJoules ? (
          <p className="mp-card__badges">
            <Badge tone="info">
              <span className="lo-visually-hidden">Muzzle energy </span>
              {formatJoules(listing.joules!)}
            </Badge>
          </p>
        ) : null}
      </div>
      <FavoriteButton listingId={listing.id} title={listing.title} className="mp-card__fav" />
    </article>
  );
}
