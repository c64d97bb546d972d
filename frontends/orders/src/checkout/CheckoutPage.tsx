import {
  type DeliveryOption,
  type ListingDto,
  type OrderStatus,
  type OrderView,
  type PaymentsConfigView,
} from '@loadout/contracts';
import {
  Button,
  Card,
  EmptyState,
  ErrorPanel,
  RadioGroup,
  Skeleton,
  buttonClassName,
  useForm,
} from '@loadout/ui';
import {
  isApiError,
  useAddressMutations,
  useCreateOrder,
  useListing,
  useMyOrderOfListing,
  useOrder,
  usePageMeta,
  usePaymentsConfig,
  useSession,
  Link,
  Navigate,
  useNavigate,
  useParams,
  useSearchParams,
  serverFieldErrors,
} from '@loadout/web';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { money } from '../shared/order-format';
import { SignInRequired } from '../shared/SignInRequired';
import { AddressStep, useAddressStep } from './AddressStep';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { EscrowExplanation, ItemSummary, SellerSummary, TestModeBanner } from './CheckoutSummary';
import { PriceBreakdown, previewAmounts } from './PriceBreakdown';
import { SimulatedCardForm } from './SimulatedCardForm';
import { PAYMENT_TEXTS, usePayment } from './use-payment';

const StripePayment = lazy(() => import('./StripePayment'));

function deliveryChoices(listing: ListingDto) {
  const choices: { value: DeliveryOption; label: string; hint: string }[] = [];
  if (listing.shipping.postageCents !== null)
    choices.push({
      value: 'post',
      label: 'Tracked post',
      hint:
        listing.shipping.postageCents === 0
          ? 'Free postage'
          : `${money(listing.shipping.postageCents)} postage`,
    });
  if (listing.shipping.collection)
    choices.push({
      value: 'collection',
      label: 'Collection in person',
      hint: listing.county ? `Collect in Co. ${listing.county}` : 'Arrange a place with the seller',
    });
  return choices;
}

interface DeliveryValues {
  delivery: DeliveryOption | '';
}

const DELIVERY_CHECKS = {
  delivery: (value: DeliveryOption | '') =>
    value ? undefined : 'Choose tracked post or collection in person.',
};
const DELIVERY_SERVER_FIELDS = { delivery: 'delivery' } as const;
const DELIVERY_INPUT_NAME = 'checkout-delivery';

/** A radio group is a RadioNodeList, not one element: the first choice takes the focus. */
const focusDeliveryChoice = () =>
  document.querySelector<HTMLInputElement>(`input[name="${DELIVERY_INPUT_NAME}"]`)?.focus();

/** Step 1: how the item travels; continuing creates the order (and reserves the listing). */
function DeliveryStep({ listing }: { listing: ListingDto }) {
  const [, setParams] = useSearchParams();
  const choices = deliveryChoices(listing);
  const form = useForm<DeliveryValues>(
    () => ({ delivery: choices.length === 1 ? choices[0]!.value : '' }),
    DELIVERY_CHECKS,
  );
  const delivery = form.values.delivery || null;
  const create = useCreateOrder();
  const { add } = useAddressMutations();
  const address = useAddressStep();
  const [saving, setSaving] = useState(false);
  const refusal = create.error && isApiError(create.error) ? create.error : null;
  const unavailable = refusal?.code === 'ORDERS.LISTING_UNAVAILABLE';
  const busy = create.isPending || saving;

  const proceed = async () => {
    if (busy) return;
    if (!form.validate() || !delivery) {
      focusDeliveryChoice();
      return;
    }
    const chosen = delivery === 'post' ? address.resolve() : null;
    if (delivery === 'post' && !chosen) return;
    if (chosen?.saveToBook) {
      setSaving(true);
      // The order does not depend on the book: a failed save is said, and checkout goes on.
      await add.mutateAsync(chosen.address).catch(() =>
        toast.warning(CHECKOUT_TEXTS.addressNotSaved, {
          description: 'This order still goes to the address you entered.',
        }),
      );
      setSaving(false);
    }
    create.mutate(
      chosen
        ? { listingId: listing.id, delivery, deliveryAddress: chosen.address }
        : { listingId: listing.id, delivery },
      {
        onSuccess: (order) => setParams({ order: order.id }, { replace: true }),
        onError: (error) => {
          form.setServerErrors(serverFieldErrors(error, DELIVERY_SERVER_FIELDS));
          address.showServerErrors(error);
        },
      },
    );
  };

  const postage = delivery === 'post' ? (listing.shipping.postageCents ?? 0) : 0;
  return (
    <div className="or-checkout__grid">
      <div className="or-checkout__main">
        <ItemSummary listing={listing} />
        <SellerSummary listing={listing} />
        <Card as="section" className="or-step" aria-labelledby="or-delivery-title">
          <h2 id="or-delivery-title">Delivery</h2>
          <RadioGroup
            legend="How do you want to get the item?"
            name={DELIVERY_INPUT_NAME}
            options={choices}
            value={delivery}
            onChange={(value) => form.setValue('delivery', value)}
            error={form.errors.delivery}
            disabled={busy}
          />
          {delivery === 'post' ? <AddressStep step={address} disabled={busy} /> : null}
          {delivery === 'collection' ? (
            <p className="or-collection">
              {listing.county ? `Collect it in Co. ${listing.county}. ` : null}
              {CHECKOUT_TEXTS.handover}
            </p>
          ) : null}
          {unavailable ? (
            <div role="alert" className="or-alert">
              <strong>{CHECKOUT_TEXTS.unavailable}</strong>
              <p>{CHECKOUT_TEXTS.unavailableText}</p>
              <Link to="/marketplace">Browse the marketplace</Link>
            </div>
          ) : create.error ? (
            <p role="alert" className="or-alert">
              {create.error.message}
            </p>
          ) : null}
          <Button
            size="lg"
            block
            onClick={() => void proceed()}
            loading={busy}
            disabled={unavailable}
          >
            Continue to payment
          </Button>
          <p className="lo-muted lo-small">
            Continuing reserves the item for you for 30 minutes while you pay.
          </p>
        </Card>
      </div>
      <aside className="or-checkout__aside" aria-label="Order summary">
        <Card as="section" aria-labelledby="or-price-title">
          <h2 id="or-price-title">Price</h2>
          <PriceBreakdown
            amounts={previewAmounts(listing.priceCents ?? 0, postage)}
            delivery={delivery}
          />
        </Card>
        <EscrowExplanation />
      </aside>
    </div>
  );
}

/** Step 2: the order exists; the buyer pays it (simulated card form or Stripe). */
function PaymentStep({
  listing,
  order,
  config,
}: {
  listing: ListingDto;
  order: OrderView;
  config: PaymentsConfigView;
}) {
  const navigate = useNavigate();
  const payment = usePayment(order.id);
  const latest = payment.order.data ?? order;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (payment.phase === 'paid')
      void navigate(`/purchase-success?order=${encodeURIComponent(order.id)}`);
  }, [payment.phase, navigate, order.id]);

  const payLabel = `Pay ${money(latest.amounts.totalCents)}`;
  const lastError =
    payment.failure ??
    (payment.phase === 'idle' && latest.lastPaymentError ? latest.lastPaymentError.message : null);

  return (
    <div className="or-checkout__grid">
      <div className="or-checkout__main">
        <ItemSummary listing={listing} />
        <SellerSummary listing={listing} />
        <Card as="section" className="or-step" aria-labelledby="or-payment-title">
          <h2 id="or-payment-title" ref={headingRef} tabIndex={-1}>
            Payment
          </h2>
          <p className="lo-muted">
            Delivery: {latest.delivery === 'post' ? 'tracked post' : 'collection in person'}.{' '}
            {latest.payBy ? 'The item is reserved for you while you pay.' : null}
          </p>
          {config.testMode ? <TestModeBanner /> : null}
          {lastError ? (
            <div role="alert" className="or-alert">
              <strong>{lastError}</strong>
              <p>Nothing was charged. Check the card details or use another card.</p>
            </div>
          ) : null}
          {config.provider === 'stripe' && config.publishableKey ? (
            <Suspense fallback={<Skeleton width="100%" height="10rem" shape="rect" />}>
              <StripePayment
                orderId={order.id}
                publishableKey={config.publishableKey}
                payLabel={payLabel}
                busy={payment.busy}
                claim={payment.claim}
                onConfirmed={payment.awaitConfirmation}
                onFailed={payment.fail}
              />
            </Suspense>
          ) : config.provider === 'simulated' ? (
            <SimulatedCardForm
              payLabel={payLabel}
              busy={payment.busy}
              onPay={(card) => payment.start({ card })}
            />
          ) : (
            <ErrorPanel
              title="Payments are not available"
              message="Card payments are not configured on this site."
              headingLevel={3}
            />
          )}
          <p role="status" className="or-progress">
            {payment.phase === 'submitting'
              ? PAYMENT_TEXTS.submitting
              : payment.phase === 'confirming'
                ? PAYMENT_TEXTS.confirming
                : payment.phase === 'paid'
                  ? PAYMENT_TEXTS.paid
                  : ''}
          </p>
        </Card>
      </div>
      <aside className="or-checkout__aside" aria-label="Order summary">
        <Card as="section" aria-labelledby="or-price-title">
          <h2 id="or-price-title">Price</h2>
          <PriceBreakdown amounts={latest.amounts} delivery={latest.delivery} />
        </Card>
        <EscrowExplanation />
      </aside>
    </div>
  );
}

function Unavailable({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState
      title={title}
      description={text}
      action={
        <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
          Browse the marketplace
        </Link>
      }
    />
  );
}

function CheckoutSkeleton() {
  return (
    <div role="status" aria-label="Loading checkout" className="or-checkout__grid">
      <div>
        <Skeleton width="100%" height="8rem" shape="rect" />
        <Skeleton width="100%" height="12rem" shape="rect" />
      </div>
      <Skeleton width="100%" height="14rem" shape="rect" />
    </div>
  );
}

/** Order states in which the order still holds the listing (or bought it). */
const HOLDS_LISTING = new Set<OrderStatus>([
  'pending_payment',
  'paid',
  'shipped',
  'disputed',
  'completed',
  'partially_refunded',
]);

function Checkout({ listingId }: { listingId: string }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const listing = useListing(listingId);
  const config = usePaymentsConfig();
  const order = useOrder(orderId);
  // A listing that is not on sale may be held by this buyer's own order (they came back to
  // `/checkout/…` without `?order=`): look for it before saying someone else is buying it.
  const mine = useMyOrderOfListing(listingId, {
    enabled:
      !orderId &&
      Boolean(user) &&
      listing.data?.status !== undefined &&
      listing.data.status !== 'active' &&
      listing.data.sellerId !== user?.id,
  });

  if (listing.isPending || config.isPending || (orderId && order.isPending) || mine.isLoading)
    return <CheckoutSkeleton />;
  if (listing.isError) {
    if (isApiError(listing.error) && listing.error.status === 404)
      return <Unavailable title={CHECKOUT_TEXTS.notFound} text="This listing does not exist." />;
    return (
      <ErrorPanel
        title="Checkout could not be loaded"
        message={listing.error.message}
        onRetry={() => void listing.refetch()}
        retrying={listing.isFetching}
      />
    );
  }
  if (config.isError)
    return (
      <ErrorPanel
        title="Checkout could not be loaded"
        message={config.error.message}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  const item = listing.data;
  if (user?.id === item.sellerId)
    return (
      <EmptyState
        title={CHECKOUT_TEXTS.ownListing}
        description="Buyers see a Buy now button on this listing."
        action={
          <Link
            to={`/listing/${encodeURIComponent(item.id)}`}
            className={buttonClassName({ variant: 'secondary' })}
          >
            Back to your listing
          </Link>
        }
      />
    );

  if (orderId) {
    if (order.isError)
      return (
        <ErrorPanel
          title="This order could not be loaded"
          message={order.error.message}
          onRetry={() => void order.refetch()}
          retrying={order.isFetching}
        />
      );
    const current = order.data!;
    if (current.status === 'paid')
      return <Navigate to={`/purchase-success?order=${encodeURIComponent(current.id)}`} replace />;
    if (current.status !== 'pending_payment')
      return (
        <EmptyState
          title={CHECKOUT_TEXTS.orderClosed}
          description="It was cancelled, it expired or it is already under way. See it in My Purchases."
          action={
            <Link to="/buyer-dashboard" className={buttonClassName({ variant: 'secondary' })}>
              My Purchases
            </Link>
          }
        />
      );
    return <PaymentStep listing={item} order={current} config={config.data} />;
  }

  if (item.status !== 'active') {
    const own = mine.data;
    // Their order holds (or bought) the item: take them to it (payment, or its state).
    if (own && HOLDS_LISTING.has(own.status))
      return (
        <Navigate
          to={`/checkout/${encodeURIComponent(item.id)}?order=${encodeURIComponent(own.id)}`}
          replace
        />
      );
    return <Unavailable title={CHECKOUT_TEXTS.unavailable} text={CHECKOUT_TEXTS.unavailableText} />;
  }
  return <DeliveryStep listing={item} />;
}

/** `/checkout/:id` (listing id; `?order=` once the order exists, so a reload resumes). */
export function CheckoutPage() {
  const { id = '' } = useParams();
  usePageMeta('Checkout', 'Pay for an item on Loadout, with the money held in escrow.');
  return (
    <div className="lo-container or-page">
      <h1 className="or-page__title">Checkout</h1>
      <SignInRequired purpose="buy this item">
        <Checkout listingId={id} />
      </SignInRequired>
    </div>
  );
}
