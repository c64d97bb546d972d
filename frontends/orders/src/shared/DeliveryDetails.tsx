import { formatAddressLine } from '@loadout/address-rules';
import { type OrderView } from '@loadout/contracts';
import { Button } from '@loadout/ui';
import { startConversation, useNavigate } from '@loadout/web';
import { useState } from 'react';

export const DELIVERY_TEXTS = {
  addressAfterPayment: "The buyer's delivery address appears here once they have paid.",
  handover: 'Arrange the handover in messages.',
  messageFailed: 'The conversation could not be opened. Please try again.',
} as const;

/**
 * Where the item goes, as this party may see it (ADR 0029): a post order's address (the buyer
 * always, the seller once paid — the API sends null otherwise), or for collection the county
 * and a way into the conversation with the other party.
 */
export function DeliveryDetails({ order, side }: { order: OrderView; side: 'buyer' | 'seller' }) {
  if (order.delivery === 'collection') return <CollectionDetails order={order} side={side} />;
  const a = order.deliveryAddress;
  if (a) {
    return (
      <div className="or-delivery">
        <p className="or-delivery__label">{side === 'seller' ? 'Send it to' : 'Delivery to'}</p>
        <address className="or-delivery__address">
          {a.name}
          <br />
          {formatAddressLine(a)}
          {a.phone ? (
            <>
              <br />
              Phone {a.phone}
            </>
          ) : null}
        </address>
      </div>
    );
  }
  if (side === 'seller' && order.hasDeliveryAddress && order.status === 'pending_payment')
    return <p className="lo-muted lo-small">{DELIVERY_TEXTS.addressAfterPayment}</p>;
  return null;
}

const CLOSED = new Set(['cancelled', 'expired', 'completed', 'refunded']);

function CollectionDetails({ order, side }: { order: OrderView; side: 'buyer' | 'seller' }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const open = async () => {
    setBusy(true);
    setFailed(false);
    try {
      // One conversation per pair of people is reused (seed §5), so this finds an earlier one.
      const conversation = await startConversation(
        side === 'buyer' ? { listingId: order.listingId } : { recipientId: order.buyerId },
      );
      void navigate(`/messages/${encodeURIComponent(conversation.id)}`);
    } catch (error) {
      console.error('Opening the conversation failed', error);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <div className="or-delivery">
      <p className="lo-small">
        Collection in person{order.collectionCounty ? ` in Co. ${order.collectionCounty}` : ''}.{' '}
        {CLOSED.has(order.status) ? null : DELIVERY_TEXTS.handover}
      </p>
      {CLOSED.has(order.status) ? null : (
        <Button variant="secondary" size="sm" loading={busy} onClick={() => void open()}>
          {side === 'buyer' ? 'Message the seller' : 'Message the buyer'}
        </Button>
      )}
      {failed ? (
        <p role="alert" className="lo-field__error">
          {DELIVERY_TEXTS.messageFailed}
        </p>
      ) : null}
    </div>
  );
}
