import { type OfferView } from '@loadout/contracts';
import { createSession } from '@loadout/web';
import {
  callsTo,
  errorResponse,
  expectToast,
  mockApi,
  setupUser,
  where,
} from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { BUYER, SELLER, renderRoutes } from '../test-utils';
import { formatDateTime } from '../shared/order-format';
import { statusLabel, stepText, timeLeft } from './offer-format';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

function buildOffer(over: Partial<OfferView> = {}): OfferView {
  return {
    id: 'of1',
    listingId: 'listing-1',
    listingTitle: 'Tokyo Marui M4',
    listingPhotoUrl: null,
    buyerId: BUYER.id,
    sellerId: SELLER.id,
    role: 'seller',
    status: 'open',
    askingCents: 25_000,
    amountCents: 20_000,
    delivery: 'post',
    awaiting: 'seller',
    expiresAt: inHours(47.5),
    createdAt: '2026-11-26T12:00:00Z',
    updatedAt: '2026-11-26T12:00:00Z',
    orderId: null,
    closedReason: null,
    orderStatus: null,
    payBy: null,
    steps: [
      {
        kind: 'made',
        by: 'buyer',
        amountCents: 20_000,
        message: 'Would you take 200?',
        at: '2026-11-26T12:00:00Z',
      },
    ],
    ...over,
  };
}

const routes = (received: OfferView[], sent: OfferView[], more: Record<string, unknown> = {}) =>
  mockApi({
    '/api/v1/offers': (url: URL) =>
      url.searchParams.get('role') === 'seller' ? { items: received } : { items: sent },
    ...more,
  });

describe('/offers', () => {
  it('shows received offers first with the time left and the thread, and the seller counters in cents with a key', async () => {
    const api = routes([buildOffer()], [], {
      'POST /api/v1/offers/of1/counter': buildOffer({
        status: 'countered',
        amountCents: 22_500,
        awaiting: 'buyer',
      }),
    });
    renderRoutes('/offers', { session: createSession(SELLER) });
    const user = setupUser();
    expect(
      await screen.findByRole('tab', { name: 'Received', selected: true }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Tokyo Marui M4' });
    expect(within(card).getByText('Your answer')).toBeInTheDocument();
    expect(within(card).getByText('1 day 23 h left')).toBeInTheDocument();
    expect(within(card).getByText('€200.00')).toBeInTheDocument();
    expect(within(card).getByText('The buyer offered €200.00')).toBeInTheDocument();
    expect(within(card).getByText('“Would you take 200?”')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Counter' }));
    const form = within(card).getByRole('form', { name: 'Counter-offer' });
    await user.type(within(form).getByLabelText('Your price (€)'), '260');
    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    expect(
      within(form).getByText('Enter an amount above €200.00 and at most €250.00.'),
    ).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/v1/offers/of1/counter')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Your price (€)'));
    await user.type(within(form).getByLabelText('Your price (€)'), '225');
    await user.type(within(form).getByLabelText('Message (optional)'), 'Meet me at 225');
    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    await expectToast('Counter-offer sent');
    const calls = callsTo(api, 'POST /api/v1/offers/of1/counter');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ amountCents: 22_500, message: 'Meet me at 225' });
    expect(calls[0]!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('the counter form focuses a wrong price, is disabled while sending, and shows the service’s refusal on the price', async () => {
    let answer!: (response: Response) => void;
    const api = routes([buildOffer()], [], {
      'POST /api/v1/offers/of1/counter': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoutes('/offers', { session: createSession(SELLER) });
    const user = setupUser();
    const card = await screen.findByRole('listitem', { name: 'Tokyo Marui M4' });
    await user.click(within(card).getByRole('button', { name: 'Counter' }));
    const form = within(card).getByRole('form', { name: 'Counter-offer' });
    const price = within(form).getByLabelText('Your price (€)');
    const send = within(form).getByRole('button', { name: 'Send counter-offer' });
    await user.type(within(form).getByLabelText('Message (optional)'), 'Meet me halfway');
    await user.click(send);
    expect(price).toHaveFocus();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(
      expect.stringContaining('Enter an amount above €200.00 and at most €250.00.'),
    );
    expect(callsTo(api, 'POST /api/v1/offers/of1/counter')).toHaveLength(0);

    await user.type(price, '225');
    expect(price).not.toHaveAttribute('aria-invalid');
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(price).toBeDisabled();
    await user.click(send);
    expect(callsTo(api, 'POST /api/v1/offers/of1/counter')).toHaveLength(1);

    answer(
      errorResponse(
        400,
        'ORDERS.OFFER_COUNTER_INVALID',
        'A counter-offer must be above the offer and at most the asking price.',
        { field: 'amountCents', minimumCents: 20_001, maximumCents: 25_000 },
      ),
    );
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(
        expect.stringContaining(
          'A counter-offer must be above the offer and at most the asking price.',
        ),
      ),
    );
    await waitFor(() => expect(price).toHaveFocus());
    // Editing the price takes the service's message away.
    await user.type(price, '1');
    expect(
      within(form).queryByText(
        'A counter-offer must be above the offer and at most the asking price.',
      ),
    ).toBeNull();
  });

  it('the seller accepts after confirming', async () => {
    const api = routes([buildOffer()], [], {
      'POST /api/v1/offers/of1/accept': {
        offer: buildOffer({ status: 'accepted', awaiting: null, orderId: 'order-9' }),
        orderId: 'order-9',
      },
    });
    renderRoutes('/offers', { session: createSession(SELLER) });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept offer of €200.00?' });
    expect(callsTo(api, 'POST /api/v1/offers/of1/accept')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await expectToast('Offer accepted');
    expect(callsTo(api, 'POST /api/v1/offers/of1/accept')).toHaveLength(1);
  });

  it('in Sent, the buyer accepts a counter and goes to pay the order at that price', async () => {
    const countered = buildOffer({
      role: 'buyer',
      status: 'countered',
      amountCents: 22_500,
      awaiting: 'buyer',
      steps: [
        {
          kind: 'made',
          by: 'buyer',
          amountCents: 20_000,
          message: null,
          at: '2026-11-26T12:00:00Z',
        },
        {
          kind: 'countered',
          by: 'seller',
          amountCents: 22_500,
          message: null,
          at: '2026-11-26T13:00:00Z',
        },
      ],
    });
    const api = routes([], [countered], {
      'POST /api/v1/offers/of1/accept': {
        offer: { ...countered, status: 'accepted', awaiting: null, orderId: 'order-9' },
        orderId: 'order-9',
      },
    });
    renderRoutes('/offers', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    const card = await screen.findByRole('listitem', { name: 'Tokyo Marui M4' });
    expect(within(card).getByText('Counter-offer: your answer')).toBeInTheDocument();
    expect(within(card).getByText('You offered €200.00')).toBeInTheDocument();
    expect(within(card).getByText('The seller countered with €225.00')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Counter' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Accept counter-offer' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Accept counter-offer of €225.00?' })).getByRole(
        'button',
        { name: 'Accept' },
      ),
    );
    await expectToast('Counter-offer accepted');
    expect(
      callsTo(api, 'POST /api/v1/offers/of1/accept')[0]!.headers.get('Idempotency-Key'),
    ).toBeTruthy();
    // To the listing's checkout, resuming the order made at the agreed price: pay it there.
    await waitFor(() => expect(where()).toBe('/checkout/listing-1?order=order-9'));
  });

  it('an accepted sent offer links to paying its order; the buyer can withdraw a running one', async () => {
    const accepted = buildOffer({
      id: 'of2',
      role: 'buyer',
      status: 'accepted',
      awaiting: null,
      orderId: 'order-9',
      orderStatus: 'pending_payment',
      payBy: '2026-11-27T12:30:00Z',
    });
    const running = buildOffer({
      id: 'of3',
      role: 'buyer',
      listingTitle: 'G&G CM16',
      awaiting: 'seller',
    });
    const api = routes([], [accepted, running], {
      'POST /api/v1/offers/of3/withdraw': { ...running, status: 'withdrawn', awaiting: null },
    });
    renderRoutes('/offers', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    const pay = await screen.findByRole('link', { name: 'Pay €200.00 now' });
    expect(pay).toHaveAttribute('href', '/checkout/listing-1?order=order-9');
    expect(pay.parentElement).toHaveTextContent(
      `It is reserved for you until ${formatDateTime('2026-11-27T12:30:00Z')}: pay by then or it goes back on sale.`,
    );
    const card = screen.getByRole('listitem', { name: 'G&G CM16' });
    expect(within(card).queryByRole('button', { name: 'Accept offer' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Withdraw offer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await expectToast('Offer withdrawn');
    expect(callsTo(api, 'POST /api/v1/offers/of3/withdraw')).toHaveLength(1);
  });

  it('a closed sent offer says why, with no actions, and links to offering again', async () => {
    const closed = buildOffer({
      id: 'of5',
      role: 'buyer',
      status: 'closed',
      awaiting: null,
      closedReason: 'other_offer_accepted',
    });
    routes([], [closed]);
    renderRoutes('/offers', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    const card = await screen.findByRole('listitem', { name: 'Tokyo Marui M4' });
    expect(within(card).getByText('Closed')).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Your offer was closed: the seller accepted another buyer’s offer. If that sale falls through',
    );
    expect(within(card).getByRole('link', { name: 'make a new offer' })).toHaveAttribute(
      'href',
      '/listing/listing-1',
    );
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('an offer closed because the listing was removed says so, without offering again', async () => {
    routes(
      [],
      [
        buildOffer({
          id: 'of7',
          role: 'buyer',
          status: 'closed',
          awaiting: null,
          closedReason: 'listing_removed',
        }),
      ],
    );
    renderRoutes('/offers', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    const card = await screen.findByRole('listitem', { name: 'Tokyo Marui M4' });
    expect(within(card).getByText('Closed')).toBeInTheDocument();
    expect(card).toHaveTextContent('Your offer was closed: the listing was taken off sale.');
    expect(card).not.toHaveTextContent('If that sale falls through');
    expect(within(card).queryByRole('link', { name: 'make a new offer' })).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('an accepted offer whose order expired unpaid says so, without a pay link', async () => {
    routes(
      [],
      [
        buildOffer({
          id: 'of6',
          role: 'buyer',
          status: 'accepted',
          awaiting: null,
          orderId: 'order-6',
          orderStatus: 'expired',
        }),
      ],
    );
    renderRoutes('/offers', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    const card = await screen.findByRole('listitem', { name: 'Tokyo Marui M4' });
    expect(card).toHaveTextContent('The order was not paid in time and expired');
    expect(within(card).queryByRole('link', { name: /Pay/ })).toBeNull();
  });

  it('says when there are none, and when they could not be loaded', async () => {
    mockApi({
      '/api/v1/offers': (url: URL) =>
        url.searchParams.get('role') === 'seller'
          ? { items: [] }
          : errorResponse(503, 'COMMON.UNAVAILABLE', 'Try again.'),
    });
    renderRoutes('/offers', { session: createSession(SELLER) });
    const user = setupUser();
    expect(await screen.findByText('No offers received')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    expect(await screen.findByText('Your offers could not be loaded')).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    mockApi({});
    renderRoutes('/offers', { session: createSession('signed-out') });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your offers' }),
    ).toBeInTheDocument();
  });
});

describe('offer wording', () => {
  it('counts down in days, hours and minutes', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(timeLeft(at(2 * 86_400_000 - 60_000), now)).toBe('1 day 23 h left');
    expect(timeLeft(at(47 * 60_000), now)).toBe('47 min left');
    expect(timeLeft(at(3 * 3_600_000), now)).toBe('3 h left');
    expect(timeLeft(at(30_000), now)).toBe('less than a minute left');
    expect(timeLeft(at(0), now)).toBe('Expired');
  });

  it('says each step from the viewer’s side', () => {
    const step = {
      kind: 'made' as const,
      by: 'buyer' as const,
      amountCents: 7000,
      message: null,
      at: '',
    };
    expect(stepText(step, 'buyer')).toBe('You offered €70.00');
    expect(stepText(step, 'seller')).toBe('The buyer offered €70.00');
    expect(stepText({ ...step, kind: 'expired', by: 'system', amountCents: null }, 'seller')).toBe(
      'Expired: nobody answered within 48 hours',
    );
  });

  it('says why an offer was closed, from the viewer’s side (ADR 0037)', () => {
    const closed = {
      kind: 'closed' as const,
      by: 'system' as const,
      amountCents: null,
      message: null,
      at: '',
    };
    expect(stepText(closed, 'buyer', 'other_offer_accepted')).toBe(
      'Closed: the seller accepted another buyer’s offer',
    );
    expect(stepText(closed, 'seller', 'other_offer_accepted')).toBe(
      'Closed: you accepted another buyer’s offer',
    );
    expect(stepText(closed, 'buyer', 'reserved_by_checkout')).toBe(
      'Closed: another buyer is buying it',
    );
    expect(stepText(closed, 'buyer', 'buyer_checked_out')).toBe(
      'Closed: you bought it at the asking price',
    );
    expect(stepText(closed, 'seller', 'buyer_checked_out')).toBe(
      'Closed: the buyer bought it at the asking price',
    );
    expect(statusLabel({ status: 'closed', role: 'buyer' })).toBe('Closed');
  });
});
