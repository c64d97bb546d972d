import { type OrderStatus } from '@loadout/contracts';
import { Card, EmptyState, ErrorPanel, Skeleton, buttonClassName } from '@loadout/ui';
import { usePageMeta, useOrder, Link, useSearchParams } from '@loadout/web';
import { useEffect, useRef } from 'react';
import { PriceBreakdown } from '../checkout/PriceBreakdown';
import { formatDateTime, holdsMoney } from '../shared/order-format';
import { describeOrderForViewer } from '../shared/order-wording';
import { DeliveryDetails } from '../shared/DeliveryDetails';
import { OrderTimeline } from '../shared/OrderTimeline';
import { SignInRequired } from '../shared/SignInRequired';

/** Orders whose payment went through (and was not all given back). */
const WAS_PAID = new Set<OrderStatus>([
  'paid',
  'shipped',
  'disputed',
  'completed',
  'partially_refunded',
]);

function Success({ orderId }: { orderId: string }) {
  const order = useOrder(orderId, {
    // Arriving from Stripe's redirect, the webhook may not have landed yet.
    pollWhile: (o) => o.status === 'pending_payment' && !o.lastPaymentError,
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ready = Boolean(order.data);
  useEffect(() => {
    if (ready) headingRef.current?.focus();
  }, [ready]);

  if (order.isPending)
    return (
      <div role="status" aria-label="Loading your order">
        <Skeleton width="60%" height="2rem" />
        <Skeleton width="100%" height="10rem" shape="rect" />
      </div>
    );
  if (order.isError)
    return (
      <ErrorPanel
        title="Your order could not be loaded"
        message={order.error.message}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  const o = order.data;
  if (o.status === 'pending_payment' && !o.lastPaymentError)
    return (
      <p role="status" className="or-progress">
        Confirming your payment with the card processor…
      </p>
    );
  // Only an order whose payment went through is thanked for it (issue 25 item 2).
  if (!WAS_PAID.has(o.status))
    return (
      <EmptyState
        title={
          o.status === 'pending_payment' ? 'Your payment did not go through' : 'No payment here'
        }
        description={`${o.listing.title}: ${describeOrderForViewer(o, 'buyer')}.${
          o.lastPaymentError && o.status === 'pending_payment'
            ? ` ${o.lastPaymentError.message}`
            : ''
        }`}
        action={
          o.status === 'pending_payment' ? (
            <Link
              to={`/checkout/${encodeURIComponent(o.listingId)}?order=${encodeURIComponent(o.id)}`}
              className={buttonClassName({})}
            >
              Complete payment
            </Link>
          ) : (
            <Link to="/buyer-dashboard" className={buttonClassName({ variant: 'secondary' })}>
              My Purchases
            </Link>
          )
        }
      />
    );
  return (
    <div className="or-success">
      <Card as="section" padding="lg" aria-labelledby="or-success-title">
        <h2 id="or-success-title" ref={headingRef} tabIndex={-1}>
          {holdsMoney(o.status) || o.status === 'disputed'
            ? 'Thank you — your payment is held in escrow'
            : 'Thank you for your purchase'}
        </h2>
        <p>
          You bought <strong>{o.listing.title}</strong> from {o.listing.sellerDisplayName}. The
          seller is paid only when you confirm the item arrived.
        </p>
        {o.shipBy ? (
          <p>
            The seller must ship by <strong>{formatDateTime(o.shipBy)}</strong>, or you get a full
            refund.
          </p>
        ) : null}
        <DeliveryDetails order={o} side="buyer" />
      </Card>
      <Card as="section" padding="lg" aria-labelledby="or-next-title">
        <h2 id="or-next-title">What happens next</h2>
        <OrderTimeline order={o} perspective="buyer" label="Escrow timeline" />
        <p className="lo-muted lo-small">
          <Link to="/escrow-terms">Escrow terms</Link> ·{' '}
          <Link to="/dispute-resolution">Dispute resolution</Link>
        </p>
      </Card>
      <Card as="section" padding="lg" aria-labelledby="or-paid-title">
        <h2 id="or-paid-title">What you paid</h2>
        <PriceBreakdown amounts={o.amounts} delivery={o.delivery} />
      </Card>
      <p className="or-actions">
        <Link to="/buyer-dashboard" className={buttonClassName({})}>
          Go to My Purchases
        </Link>
        <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
          Keep browsing
        </Link>
      </p>
    </div>
  );
}

/** `/purchase-success?order=<id>`: the paid order and what happens next, with its deadlines. */
export function PurchaseSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  usePageMeta('Purchase complete', 'Your payment is held in escrow until you confirm delivery.');
  return (
    <div className="lo-container or-page">
      <h1 className="or-page__title">Purchase complete</h1>
      <SignInRequired purpose="see your purchase">
        {orderId ? (
          <Success orderId={orderId} />
        ) : (
          <EmptyState
            title="No order given"
            description="Your purchases are listed in My Purchases."
            action={
              <Link to="/buyer-dashboard" className={buttonClassName({ variant: 'secondary' })}>
                My Purchases
              </Link>
            }
          />
        )}
      </SignInRequired>
    </div>
  );
}
