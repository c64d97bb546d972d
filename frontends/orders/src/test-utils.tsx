import { type ListingDto, type OrderView, type PaymentsConfigView } from '@loadout/contracts';
import { type Session, type SessionUser, SessionProvider, createSession } from '@loadout/web';
import { Where } from '@loadout/web/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { OrdersRoutes } from './routes';

export interface RenderOptions {
  session?: Session;
}

/** Renders the remote's routes at `path` inside a session, a query client and a toaster. */
export function renderRoutes(path: string, { session = createSession(BUYER) }: RenderOptions = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <SessionProvider value={session}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <OrdersRoutes />
          <Where />
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { ...view, client };
}

export const BUYER: SessionUser = {
  id: 'buyer00000000000000001',
  email: 'aoife@example.ie',
  username: 'aoife',
  displayName: 'Aoife',
  roles: ['user'],
};

export const SELLER: SessionUser = {
  id: 'seller0000000000000001',
  email: 'ciaran@example.ie',
  username: 'cork.sniper',
  displayName: 'Ciarán',
  roles: ['user'],
};

export const SIMULATED: PaymentsConfigView = { provider: 'simulated', testMode: true };

let seq = 0;

/** Test data factory for the listing checkout reads. */
export function buildListing(overrides: Partial<ListingDto> = {}): ListingDto {
  seq += 1;
  return {
    id: `listing-${seq}`,
    title: `Tokyo Marui M4 #${seq}`,
    priceCents: 25000,
    category: 'aeg_rifles',
    condition: 'good',
    county: 'Cork',
    status: 'active',
    joules: 0.976,
    shipping: { postageCents: 950, collection: true },
    thumbUrl: `https://img.example/${seq}-400.webp`,
    favoriteCount: 3,
    sellerId: SELLER.id,
    publishedAt: '2026-11-01T10:00:00Z',
    createdAt: '2026-11-01T09:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    description: 'Upgraded gearbox, two mid-caps.',
    fps: 310,
    bbWeightGrams: 0.2,
    images: [
      {
        id: 'img-1',
        url: 'https://img.example/1-1200.webp',
        thumbUrl: 'https://img.example/1-400.webp',
        width: 1200,
        height: 900,
      },
    ],
    seller: {
      id: SELLER.id,
      username: SELLER.username,
      displayName: SELLER.displayName,
      county: 'Cork',
      sellerType: 'private',
      memberSince: '2024-11-02T09:00:00Z',
    },
    removalReason: null,
    featured: false,
    ...overrides,
  };
}

/** Test data factory for an order (item €250 + post €9.50, fee €6.49, total €265.99). */
export function buildOrder(overrides: Partial<OrderView> = {}): OrderView {
  seq += 1;
  return {
    id: `order-${seq}`,
    listingId: 'listing-1',
    buyerId: BUYER.id,
    sellerId: SELLER.id,
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
