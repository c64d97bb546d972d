import { type OrderView } from '@loadout/contracts';
import { Button, Card, ConfirmDialog, buttonClassName } from '@loadout/ui';
import {
  newIdempotencyKey,
  useCancelOrder,
  useConfirmDelivery,
  useShipOrder,
  Link,
} from '@loadout/web';
import { useState } from 'react';
import { toast } from 'sonner';
import { OpenDisputeDialog } from '../disputes/OpenDisputeDialog';
import { DeliveryDetails } from '../shared/DeliveryDetails';
import { formatDateTime, holdsMoney, money } from '../shared/order-format';
import { OrderStatusBadge } from '../shared/OrderStatusBadge';
import { OrderTimeline } from '../shared/OrderTimeline';
import { describeOrderForViewer } from '../shared/order-wording';
import { ReviewPanel } from './ReviewPanel';
import { ShipForm } from './ShipForm';

export interface OrderCardProps {
  order: OrderView;
  side: 'buyer' | 'seller';
}

type Pending = 'confirm' | 'cancel' | null;

/** One order on a dashboard: what, how much, where it stands, what comes next, and actions. */
export function OrderCard({ order, side }: OrderCardProps) {
  const [asking, setAsking] = useState<Pending>(null);
  const [disputing, setDisputing] = useState(false);
  const confirm = useConfirmDelivery();
  const cancel = useCancelOrder();
  const ship = useShipOrder();
  const titleId = `or-order-${order.id}`;
  const encoded = encodeURIComponent(order.id);

  const failed = (error: Error) => toast.error('That did not work', { description: error.message });

  const runConfirm = () =>
    confirm.mutate(
      { orderId: order.id, idempotencyKey: newIdempotencyKey(), input: undefined },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success('Delivery confirmed', {
            description: `${money(order.amounts.sellerReceivesCents)} is released to the seller.`,
          });
        },
        onError: (error) => {
          setAsking(null);
          failed(error);
        },
      },
    );

  const runCancel = () =>
    cancel.mutate(
      { orderId: order.id, idempotencyKey: newIdempotencyKey(), input: {} },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success('Order cancelled', {
            description:
              side === 'buyer'
                ? `You get a full refund of ${money(order.amounts.totalCents)}.`
                : 'The buyer gets a full refund and your listing is available again.',
          });
        },
        onError: (error) => {
          setAsking(null);
          failed(error);
        },
      },
    );

  const canCancel = order.status === 'paid';
  const amountLine = describeOrderForViewer(order, side);

  return (
    <Card as="li" className="or-order" aria-labelledby={titleId}>
      <div className="or-order__head">
        {order.listing.photoUrl ? (
          <img
            className="or-order__photo"
            src={order.listing.photoUrl}
            alt=""
            width={96}
            height={72}
          />
        ) : (
          <div className="or-order__photo or-order__photo--none" aria-hidden="true" />
        )}
        <div className="or-order__what">
          <h2 id={titleId} className="or-order__title">
            <Link to={`/listing/${encodeURIComponent(order.listingId)}`}>
              {order.listing.title}
            </Link>
          </h2>
          <p className="or-order__meta">
            <OrderStatusBadge status={order.status} />
            <span>{amountLine}</span>
            <span>{order.delivery === 'post' ? 'Tracked post' : 'Collection in person'}</span>
            <span>
              Ordered <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
          </p>
          {side === 'buyer' ? (
            <p className="lo-muted lo-small">Seller: {order.listing.sellerDisplayName}</p>
          ) : null}
          {order.carrier && order.trackingNumber ? (
            <p className="lo-small">
              Sent with {order.carrier}, tracking number <strong>{order.trackingNumber}</strong>
            </p>
          ) : order.handedOverInPerson ? (
            <p className="lo-small">Handed over in person</p>
          ) : null}
          <DeliveryDetails order={order} side={side} />
        </div>
      </div>

      <details
        className="or-order__details"
        open={
          order.status !== 'completed' && order.status !== 'cancelled' && order.status !== 'expired'
        }
      >
        <summary>Timeline and deadlines</summary>
        <OrderTimeline
          order={order}
          perspective={side}
          label={`Timeline of ${order.listing.title}`}
        />
      </details>

      <div className="or-order__actions">
        {side === 'buyer' && order.status === 'pending_payment' ? (
          <Link
            to={`/checkout/${encodeURIComponent(order.listingId)}?order=${encoded}`}
            className={buttonClassName({})}
          >
            Complete payment
          </Link>
        ) : null}
        {side === 'buyer' && order.status === 'shipped' ? (
          <Button onClick={() => setAsking('confirm')} loading={confirm.isPending}>
            Confirm delivery
          </Button>
        ) : null}
        {side === 'seller' && order.status === 'paid' ? (
          <ShipForm
            order={order}
            pending={ship.isPending}
            onShip={(input) =>
              ship.mutate(
                { orderId: order.id, idempotencyKey: newIdempotencyKey(), input },
                {
                  onSuccess: () =>
                    toast.success('Marked as shipped', {
                      description:
                        'The buyer has been told. The money is released when they confirm delivery.',
                    }),
                  onError: failed,
                },
              )
            }
          />
        ) : null}
        {canCancel ? (
          <Button variant="ghost" onClick={() => setAsking('cancel')} loading={cancel.isPending}>
            Cancel order
          </Button>
        ) : null}
        {holdsMoney(order.status) && side === 'buyer' ? (
          <Button variant="secondary" onClick={() => setDisputing(true)}>
            Open a dispute
          </Button>
        ) : null}
        {order.status === 'disputed' ? (
          <Link to="/disputes" className={buttonClassName({ variant: 'secondary' })}>
            See the dispute
          </Link>
        ) : null}
      </div>

      {order.status === 'completed' ? <ReviewPanel order={order} side={side} /> : null}

      {disputing ? (
        <OpenDisputeDialog order={order} open onClose={() => setDisputing(false)} />
      ) : null}
      <ConfirmDialog
        open={asking === 'confirm'}
        title="Confirm delivery?"
        description={`Confirm only if ${order.listing.title} arrived as described. ${money(order.amounts.sellerReceivesCents)} is then released to the seller; this cannot be undone.`}
        confirmLabel="Yes, it arrived"
        cancelLabel="Not yet"
        pending={confirm.isPending}
        onConfirm={runConfirm}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        title="Cancel this order?"
        description={
          side === 'buyer'
            ? `You get a full refund of ${money(order.amounts.totalCents)}, including the escrow fee.`
            : `The buyer gets a full refund of ${money(order.amounts.totalCents)} and the listing is available again.`
        }
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        tone="danger"
        pending={cancel.isPending}
        onConfirm={runCancel}
        onCancel={() => setAsking(null)}
      />
      {order.status === 'pending_payment' && order.payBy ? (
        <p className="lo-muted lo-small">Pay by {formatDateTime(order.payBy)}.</p>
      ) : null}
    </Card>
  );
}
