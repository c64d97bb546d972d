import { type DeliveryAddress, type OrderView, type PaymentsConfigView } from '@loadout/contracts';
import { type Session, createSession } from '@loadout/web';
import { BUYER_USER, SELLER_USER, renderRemote } from '@loadout/web/testing';
import { OrdersRoutes } from './routes';

export { buildListing } from '@loadout/web/testing';
export { BUYER_USER as BUYER, SELLER_USER as SELLER };

export interface RenderOptions {
  session?: Session;
}

/** Renders the remote's routes at `path` inside a session, a query client and a toaster. */
export const renderRoutes = (
  path: string,
  { session = createSession(BUYER_USER) }: RenderOptions = {},
) => renderRemote(<OrdersRoutes />, path, { session });

export const SIMULATED: PaymentsConfigView = { provider: 'simulated', testMode: true };

let seq = 0;

/** The buyer's address as the order keeps it (normalised Eircode). */
export const ADDRESS: DeliveryAddress = {
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  line2: null,
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'N37 X2C4',
  phone: '087 123 4567',
};

/** Test data factory for an order (item €250 + post €9.50, fee €6.49, total €265.99). */
export function buildOrder(overrides: Partial<OrderView> = {}): OrderView {
  seq += 1;
  return {
    id: `order-${seq}`,
    listingId: 'listing-1',
    buyerId: BUYER_USER.id,
    sellerId: SELLER_USER.id,
    status: 'pending_payment',
    delivery: 'post',
    amounts: {
      itemCents: 25000,
      postageCents: 950,
      feeCents: 649,
      totalCents: 26599,
      sellerReceivesCents: 25950,
    },
    currency: 'eur',
    listing: {
      title: 'Tokyo Marui M4',
      photoUrl: 'https://img.example/1-400.webp',
      sellerDisplayName: 'Ciarán',
      sellerType: 'private',
    },
    // As the buyer sees a post order; a seller's view has null until it is paid.
    deliveryAddress: ADDRESS,
    hasDeliveryAddress: true,
    collectionCounty: null,
    carrier: null,
    trackingNumber: null,
    handedOverInPerson: false,
    cancelReason: null,
    lastPaymentError: null,
    createdAt: '2026-11-23T10:00:00Z',
    updatedAt: '2026-11-23T10:00:00Z',
    paidAt: null,
    shippedAt: null,
    completedAt: null,
    payBy: '2026-11-23T10:30:00Z',
    shipBy: null,
    autoReleaseAt: null,
    settlement: null,
    timeline: [{ status: 'pending_payment', actor: 'buyer', at: '2026-11-23T10:00:00Z' }],
    ...overrides,
  };
}

/** The same order after the payment event: paid, money held, ship-by set. */
export function paid(order: OrderView): OrderView {
  return {
    ...order,
    status: 'paid',
    paidAt: '2026-11-23T10:01:00Z',
    payBy: null,
    shipBy: '2026-11-30T10:01:00Z',
    timeline: [...order.timeline, { status: 'paid', actor: 'system', at: '2026-11-23T10:01:00Z' }],
  };
}

export function shipped(order: OrderView): OrderView {
  const p = order.status === 'paid' ? order : paid(order);
  return {
    ...p,
    status: 'shipped',
    carrier: 'An Post',
    trackingNumber: 'RR123456789IE',
    shippedAt: '2026-11-24T09:00:00Z',
    shipBy: null,
    autoReleaseAt: '2026-12-08T09:00:00Z',
    timeline: [...p.timeline, { status: 'shipped', actor: 'seller', at: '2026-11-24T09:00:00Z' }],
  };
}
