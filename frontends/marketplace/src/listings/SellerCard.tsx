import { memberSince, Link } from '@loadout/web';
import { type ListingSellerDto, type RatingSummary } from '@loadout/contracts';
import { Badge, Card, StarRating } from '@loadout/ui';
import { SELLER_TYPE_LABELS, SELLER_TYPE_NOTES } from './listing-format';

export interface SellerCardProps {
  seller: ListingSellerDto;
  /** Heading level of the seller's name. */
  headingLevel?: 1 | 2;
  /** Link to the seller's page (left out on that page itself). */
  showSellerLink?: boolean;
  /** The rating to show; defaults to the one the listing carries (`seller.rating`). */
  rating?: RatingSummary;
  className?: string;
}

/** Who sells: name, county, rating, private seller or trader (with what that means), member since. */
export function SellerCard({
  seller,
  headingLevel = 2,
  showSellerLink = true,
  rating = seller.rating,
  className,
}: SellerCardProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const name = seller.displayName || seller.username;
  const since = memberSince(seller.memberSince);
  return (
    <Card as="section" className={className} aria-label={`Seller: ${name}`}>
      {headingLevel === 2 ? <p className="lo-eyebrow">Seller</p> : null}
      <Heading className="mp-seller__name">{name}</Heading>
      <p className="mp-seller__meta">
        <Badge tone={seller.sellerType === 'trader' ? 'info' : 'neutral'}>
          {SELLER_TYPE_LABELS[seller.sellerType]}
        </Badge>
        {seller.county ? <span>Co. {seller.county}</span> : null}
      </p>
      <p className="mp-seller__rating">
        {rating && rating.count > 0 && rating.average !== null ? (
          <StarRating value={rating.average} count={rating.count} />
        ) : (
          <span className="lo-muted">No reviews yet</span>
        )}
      </p>
      <p className="mp-seller__note">{SELLER_TYPE_NOTES[seller.sellerType]}</p>
      {since ? (
        <p className="lo-muted">
          <time dateTime={seller.memberSince}>{since}</time>
        </p>
      ) : null}
      <p className="mp-seller__links">
        {showSellerLink ? (
          <Link to={`/seller/${encodeURIComponent(seller.id)}`}>See {name}&apos;s listings</Link>
        ) : null}
        <Link to={`/profile/${encodeURIComponent(seller.username)}`}>View profile</Link>
      </p>
    </Card>
  );
}
