import { EmptyState, ErrorPanel, Skeleton, Tabs } from '@loadout/ui';
import { usePageMeta, useOffers } from '@loadout/web';
import { SignInRequired } from '../shared/SignInRequired';
import { OfferCard } from './OfferCard';

/** `/offers`: offers I received (as seller) and sent (as buyer), their steps and my actions. */
export function OffersPage() {
  usePageMeta('Offers', 'Offers you made and received, and what is left to answer.');
  return (
    <div className="lo-container or-page">
      <h1 className="or-page__title">Offers</h1>
      <SignInRequired purpose="see your offers">
        <p className="lo-muted">
          An offer or a counter-offer lapses after 48 hours. An accepted offer becomes an order at
          the agreed price, reserved for the buyer until they pay.
        </p>
        <Tabs
          label="Offers"
          items={[
            { id: 'received', label: 'Received', content: <OfferList side="seller" /> },
            { id: 'sent', label: 'Sent', content: <OfferList side="buyer" /> },
          ]}
        />
      </SignInRequired>
    </div>
  );
}

/** `side`: the user's side of the offers listed (seller: received; buyer: sent). */
function OfferList({ side: role }: { side: 'buyer' | 'seller' }) {
  const offers = useOffers(role);
  const what = role === 'seller' ? 'received' : 'sent';
  if (offers.isPending)
    return (
      <div role="status" aria-label={`Loading the offers you ${what}`}>
        <Skeleton width="100%" height="8rem" shape="rect" />
      </div>
    );
  if (offers.isError)
    return (
      <ErrorPanel
        title="Your offers could not be loaded"
        message={offers.error.message}
        onRetry={() => void offers.refetch()}
        retrying={offers.isFetching}
      />
    );
  if (offers.data.items.length === 0)
    return (
      <EmptyState
        title={role === 'seller' ? 'No offers received' : 'No offers sent'}
        description={
          role === 'seller'
            ? 'Offers buyers make on your listings appear here.'
            : 'Use “Make an offer” on a listing to propose a price.'
        }
      />
    );
  return (
    <ol className="or-orders" aria-label={`Offers you ${what}`}>
      {offers.data.items.map((o) => (
        <OfferCard key={o.id} offer={o} />
      ))}
    </ol>
  );
}
