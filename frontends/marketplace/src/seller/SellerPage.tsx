import { Card, EmptyState, Skeleton, buttonClassName } from '@loadout/ui';
import {
  usePageMeta,
  Link,
  requestReport,
  useParams,
  useSession,
  useUserReviews,
} from '@loadout/web';
import { useListing, useListings } from '../api/listings.hooks';
import { countListings } from '../listings/listing-format';
import { ListingResults, listingsOf } from '../listings/ListingResults';
import { SellerCard } from '../listings/SellerCard';
import { SellerReviews } from './SellerReviews';

/** `/seller/:userId`: a seller's active listings; the seller card comes from one listing. */
export function SellerPage() {
  const { userId = '' } = useParams();
  const listings = useListings({ sellerId: userId, sort: 'newest' });
  const first = listingsOf(listings)[0];
  // The listing detail carries the seller (name, type, member since).
  const detail = useListing(first?.id);
  const seller = detail.data?.seller;
  // The reviews answer is the rating's source; the listing's copy may lag behind it.
  const rating = useUserReviews(userId).data?.pages[0]?.summary;
  const total = listings.data?.pages[0]?.total;
  const name = seller ? seller.displayName || seller.username : undefined;
  const { user } = useSession();

  usePageMeta(
    name ? `${name}'s listings` : 'Seller',
    name
      ? `Airsoft gear for sale by ${name} on Loadout, Ireland's airsoft marketplace.`
      : "A seller's listings on Loadout, Ireland's airsoft marketplace.",
  );

  return (
    <div className="lo-container mp-page">
      <nav aria-label="Breadcrumb" className="mp-breadcrumb">
        <Link to="/marketplace">← Back to the marketplace</Link>
      </nav>
      {seller ? (
        <SellerCard
          seller={seller}
          rating={rating ?? seller.rating}
          headingLevel={1}
          showSellerLink={false}
          className="mp-seller"
        />
      ) : first && detail.isPending ? (
        <div role="status" aria-label="Loading seller">
          <Card className="mp-seller">
            <Skeleton width="40%" height="2rem" />
            <Skeleton width="25%" />
          </Card>
        </div>
      ) : (
        <header className="mp-head">
          <h1>Seller</h1>
        </header>
      )}
      {seller && user?.id !== userId ? (
        <p className="mp-report">
          <button
            type="button"
            className="mp-link-button"
            onClick={() =>
              requestReport({ type: 'profile', id: seller.username, label: `@${seller.username}` })
            }
          >
            Report seller
          </button>
        </p>
      ) : null}
      <section aria-labelledby="mp-seller-listings" className="mp-results">
        <h2 id="mp-seller-listings">Listings for sale</h2>
        <ListingResults
          query={listings}
          loadingLabel="Loading the seller's listings"
          errorTitle="The seller's listings could not be loaded"
          header={
            <p className="mp-count" aria-live="polite">
              {total === undefined ? '' : countListings(total)}
            </p>
          }
          empty={
            <EmptyState
              headingLevel={3}
              title="No active listings"
              description="This seller has nothing for sale right now."
              action={
                <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
                  Browse the marketplace
                </Link>
              }
            />
          }
        />
      </section>
      <SellerReviews userId={userId} />
    </div>
  );
}
