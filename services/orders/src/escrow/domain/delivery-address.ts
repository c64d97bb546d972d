import { checkDeliveryAddress } from '@loadout/address-rules';
import {
  type DeliveryAddress,
  type DeliveryAddressInput,
  type DeliveryOption,
  type OrderActor,
  type OrderStatus,
} from '@loadout/contracts';
import {
  deliveryAddressInvalid,
  deliveryAddressNotAllowed,
  deliveryAddressRequired,
} from './order.errors';

/**
 * The address an order is made with (ADR 0029): required and checked for post, refused for
 * collection (the parties arrange the handover in messages). The result is the snapshot: a
 * later edit of the buyer's address book changes no order.
 */
export function deliveryAddressFor(
  delivery: DeliveryOption,
  input: DeliveryAddressInput | null | undefined,
): DeliveryAddress | null {
  if (delivery === 'collection') {
    if (input != null) throw deliveryAddressNotAllowed();
    return null;
  }
  if (input == null) throw deliveryAddressRequired();
  const result = checkDeliveryAddress(input);
  if (!result.ok) throw deliveryAddressInvalid(result.problems);
  return result.address;
}

/** States in which the seller has been paid for and still has to send (or has sent) it. */
const SELLER_SEES: ReadonlySet<OrderStatus> = new Set([
  'paid',
  'shipped',
  'completed',
  'disputed',
  'partially_refunded',
  'refunded',
]);

/**
 * Who may read an order's delivery address: the buyer always; the seller only once the order
 * is paid (never while payment is pending, nor after a cancel or expiry); an admin only while
 * handling a dispute (domain.md "Delivery and addresses").
 */
export function deliveryAddressVisibleTo(
  order: { status: OrderStatus; paidAt: Date | null },
  viewer: OrderActor,
): boolean {
  switch (viewer) {
    case 'buyer':
      return true;
    case 'seller':
      return order.paidAt !== null && SELLER_SEES.has(order.status);
    case 'admin':
      return order.status === 'disputed';
    case 'system':
      return false;
  }
}
