import { type ListingDto, type ListingStatus, isReplicaCategory } from '@loadout/contracts';
import {
  Badge,
  Card,
  EmptyState,
  FactsList,
  ErrorPanel,
  Skeleton,
  buttonClassName,
} from '@loadout/ui';
import {
  formatShortDate,
  isApiError,
  relativeTime,
  truncateDescription,
  usePageMeta,
  useSession,
  Link,
  useParams,
} from '@loadout/web';
import { useListing } from '../api/listings.hooks';
import { FavoriteButton } from '../listings/FavoriteButton';
import {
  categoryText,
  conditionText,
  countyText,
  deliveryOptions,
  muzzleSummary,
  priceText,
} from '../listings/listing-format';
import { SellerCard } from '../listings/SellerCard';
import { Gallery } from './Gallery';
import { MakeOfferButton } from './MakeOfferButton';
import { MessageSellerButton } from './MessageSellerButton';
import { ReportListingButton } from './ReportListingButton';
import { PublishedNotice } from './PublishedNotice';

export const LISTING_TEXTS = {
  notFound: 'Listing not found',
  notFoundText: 'This listing does not exist or is no longer available.',
  withinLimit: 'Within the Irish 1 joule limit for airsoft replicas.',
} as const;

const STATUS_BANNERS: Record<Exclude<ListingStatus, 'active'>, { title: string; text: string }> = {
  draft: {
    title: 'Draft',
    text: 'This listing is not published. Only you can see it.',
  },
  reserved: {
    title: 'Reserved',
    // An answer without `reservation` does not say whether the order holding it is paid: say
    // only what is true either way (issue 25 item 2).
    text: 'A buyer is checking out or has bought this item, so it cannot be bought now. If the checkout is not completed, it goes back on sale.',
  },
  sold: { title: 'Sold', text: 'This item has been sold, so it can no longer be bought.' },
  removed: { title: 'Removed', text: 'This listing has been removed and cannot be bought.' },
  // Only its owner and admins see a hidden listing (ADR 0035).
  hidden: {
    title: 'Hidden',
    text: 'This listing is hidden while the seller’s account is suspended, so it cannot be bought.',
  },
};

/** A reserved listing whose answer says what holds it: a checkout, or a paid order. */
const RESERVATION_BANNERS: Record<
  NonNullable<ListingDto['reservation']>,
  { title: string; text: string }
> = {
  checkout: {
    title: 'Reserved',
    text: 'A buyer is completing checkout, so it cannot be bought now. If they do not pay, it goes back on sale.',
  },
  paid: {
    title: 'Sold — awaiting delivery',
    text: 'A buyer has paid for this item and the sale completes once it is delivered.',
  },
};

function StatusBanner({ listing, isOwner }: { listing: ListingDto; isOwner: boolean }) {
  if (listing.status === 'active') return null;
  const banner =
    listing.status === 'reserved' && listing.reservation
      ? RESERVATION_BANNERS[listing.reservation]
      : STATUS_BANNERS[listing.status];
  return (
    <div className={`mp-banner mp-banner--${listing.status}`}>
      <p>
        <strong>{banner.title}.</strong> {banner.text}
      </p>
      {isOwner && listing.status === 'removed' && listing.removalReason ? (
        <p>Reason given by the moderator: {listing.removalReason}</p>
      ) : null}
      {isOwner && listing.status !== 'sold' ? (
        <Link
          to={`/sell/${encodeURIComponent(listing.id)}`}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        >
          Edit listing
        </Link>
      ) : null}
    </div>
  );
}

/** Paragraphs on blank lines, line breaks kept inside them. */
function Description({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className="mp-description">
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split('\n').map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}

function BuyActions({ listing, isOwner }: { listing: ListingDto; isOwner: boolean }) {
  const id = encodeURIComponent(listing.id);
  if (isOwner) {
    return (
      <div className="mp-actions">
        <p className="lo-muted">This is your listing, so you cannot buy it.</p>
        <Link to={`/sell/${id}`} className={buttonClassName({ variant: 'secondary' })}>
          Edit listing
        </Link>
      </div>
    );
  }
  const available = listing.status === 'active';
  return (
    <div className="mp-actions">
      {listing.status === 'active' ? (
        <Link to={`/checkout/${id}`} className={buttonClassName({ size: 'lg', block: true })}>
          Buy now
        </Link>
      ) : (
        // No Buy button at all: a reserved item may come back, a sold one will not.
        <p className="mp-unavailable">
          <Badge tone={listing.status === 'reserved' ? 'warning' : 'danger'}>
            {STATUS_BANNERS[listing.status].title}
          </Badge>{' '}
          <span className="lo-muted">
            This item is {listing.status === 'draft' ? 'not published' : listing.status} and cannot
            be bought.
          </span>
        </p>
      )}
      {available ? (
        <p className="lo-muted lo-small">
          Your payment is held in escrow until you confirm the item arrived.
        </p>
      ) : null}
      <div className="mp-actions__row">
        <MessageSellerButton listingId={listing.id} />
        {available ? <MakeOfferButton listing={listing} /> : null}
      </div>
    </div>
  );
}

function ListingDetails({ listing }: { listing: ListingDto }) {
  const { user } = useSession();
  const isOwner = user?.id === listing.sellerId;
  const replica = isReplicaCategory(listing.category) && listing.joules !== null;
  const delivery = deliveryOptions(listing.shipping, listing.county);
  const listedAt = listing.publishedAt ?? listing.createdAt;
  const saves = listing.favoriteCount;

  return (
    <article className="mp-listing">
      <StatusBanner listing={listing} isOwner={isOwner} />
      <PublishedNotice listing={listing} isOwner={isOwner} />
      <div className="mp-listing__grid">
        <div className="mp-listing__media">
          <Gallery images={listing.images} title={listing.title} />
        </div>
        <div className="mp-listing__summary">
          <h1 className="mp-listing__title">{listing.title}</h1>
          <p className="mp-listing__price">{priceText(listing.priceCents)}</p>
          <p className="mp-listing__badges">
            <Badge>{conditionText(listing.condition)}</Badge>
            <Badge>{categoryText(listing.category)}</Badge>
            {listing.featured ? <Badge tone="accent">Featured</Badge> : null}
          </p>
          <div className="mp-listing__fav">
            <FavoriteButton listingId={listing.id} title={listing.title} variant="full" />
            <span className="lo-muted" aria-live="polite">
              {saves === 1 ? 'Saved by 1 person' : `Saved by ${saves} people`}
            </span>
          </div>
          <BuyActions listing={listing} isOwner={isOwner} />
        </div>
      </div>

      <div className="mp-listing__grid mp-listing__grid--info">
        <div>
          <Card as="section" aria-labelledby="mp-details-title">
            <h2 id="mp-details-title">Details</h2>
            <FactsList
              facts={[
                { term: 'Condition', value: conditionText(listing.condition) },
                { term: 'Category', value: categoryText(listing.category) },
                { term: 'County', value: countyText(listing.county) },
                replica && {
                  term: 'Muzzle energy',
                  value: (
                    <>
                      {muzzleSummary(listing.joules!, listing.fps, listing.bbWeightGrams)}
                      {listing.joules! <= 1 ? (
                        <span className="mp-facts__note">{LISTING_TEXTS.withinLimit}</span>
                      ) : null}
                    </>
                  ),
                },
                {
                  term: 'Delivery',
                  value:
                    delivery.length > 0 ? (
                      <ul className="mp-plain-list">
                        {delivery.map((option) => (
                          <li key={option}>{option}</li>
                        ))}
                      </ul>
                    ) : (
                      'Ask the seller'
                    ),
                },
                {
                  term: 'Listed',
                  value: (
                    <time dateTime={listedAt} title={formatShortDate(listedAt)}>
                      {relativeTime(listedAt)}
                    </time>
                  ),
                },
              ]}
            />
          </Card>
          <section className="mp-listing__description" aria-labelledby="mp-description-title">
            <h2 id="mp-description-title">Description</h2>
            <Description text={listing.description} />
          </section>
        </div>
        <aside aria-label="About the seller" className="mp-listing__aside">
          <SellerCard seller={listing.seller} />
          {!isOwner ? (
            <p className="mp-report">
              <ReportListingButton listingId={listing.id} title={listing.title} />
            </p>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

/** `/listing/:id`: the listing's photos, facts, seller and the ways to buy. */
export function ListingPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
  const notFound = listing.isError && isApiError(listing.error) && listing.error.status === 404;
  const data = listing.data;

  usePageMeta(
    data?.title ?? (notFound ? LISTING_TEXTS.notFound : 'Listing'),
    data
      ? truncateDescription(
          `${priceText(data.priceCents)} · ${conditionText(data.condition)} · ${categoryText(data.category)} · ${countyText(data.county)}. ${data.description}`,
        )
      : 'An airsoft listing on Loadout, paid through escrow.',
    data
      ? {
          type: 'product',
          image: data.images[0]?.url ?? data.thumbUrl,
          priceCents: data.priceCents ?? undefined,
        }
      : undefined,
  );

  return (
    <div className="lo-container mp-page">
      <nav aria-label="Breadcrumb" className="mp-breadcrumb">
        <Link to="/marketplace">← Back to the marketplace</Link>
      </nav>
      {listing.isPending ? (
        <div role="status" aria-label="Loading listing" className="mp-listing__grid">
          <Skeleton width="100%" height="20rem" shape="rect" />
          <div>
            <Skeleton width="80%" height="2.2rem" />
            <Skeleton width="30%" height="1.8rem" />
            <Skeleton width="60%" />
          </div>
        </div>
      ) : notFound ? (
        <>
          <h1 className="lo-visually-hidden">{LISTING_TEXTS.notFound}</h1>
          <EmptyState
            title={LISTING_TEXTS.notFound}
            description={LISTING_TEXTS.notFoundText}
            action={
              <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
                Browse the marketplace
              </Link>
            }
          />
        </>
      ) : listing.isError ? (
        <ErrorPanel
          title="This listing could not be loaded"
          message={listing.error.message}
          reference={isApiError(listing.error) ? listing.error.requestId || undefined : undefined}
          onRetry={() => void listing.refetch()}
          retryLabel="Retry"
          retrying={listing.isFetching}
        />
      ) : (
        <ListingDetails listing={listing.data} />
      )}
    </div>
  );
}
