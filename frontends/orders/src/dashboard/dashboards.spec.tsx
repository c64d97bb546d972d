import { type OrderView } from '@loadout/contracts';
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
import { BUYER, SELLER, buildOrder, paid, renderRoutes, shipped } from '../test-utils';

const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!);

describe('My Purchases (/buyer-dashboard)', () => {
  it('lists purchases with status, amount, timeline and the next deadline; "Load more" pages by cursor', async () => {
    const first = shipped(
      buildOrder({ id: 'o1', listing: { ...buildOrder().listing, title: 'G&G CM16' } }),
    );
    const second = buildOrder({
      id: 'o2',
      listing: { ...buildOrder().listing, title: 'VFC Glock' },
    });
    const api = mockApi({
      '/api/v1/orders': (url: URL) =>
        url.searchParams.get('cursor') === 'c2'
          ? { items: [second], nextCursor: null }
          : { items: [first], nextCursor: 'c2' },
    });
    renderRoutes('/buyer-dashboard');

    expect(
      await screen.findByRole('heading', { name: 'My Purchases', level: 1 }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'G&G CM16' });
    const o1 = card('G&G CM16');
    expect(o1.getByText('Shipped')).toBeInTheDocument();
    expect(o1.getByText('You paid €265.99')).toBeInTheDocument();
    expect(o1.getByText(/tracking number/)).toHaveTextContent('RR123456789IE');
    const timeline = o1.getByRole('list', { name: 'Timeline of G&G CM16' });
    expect(
      within(timeline).getByText('Payment received, money held in escrow'),
    ).toBeInTheDocument();
    expect(within(timeline).getByText(/released automatically on/)).toHaveTextContent('8 Dec 2026');
    expect(o1.getByRole('button', { name: 'Open a dispute' })).toBeEnabled();
    expect(callsTo(api, 'GET /api/v1/orders')).toHaveLength(1);
    expect(String(api.mock.calls[0]![0])).toContain('role=buyer');

    await setupUser().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'VFC Glock' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'VFC Glock' })).toHaveFocus());
    expect(card('VFC Glock').getByText('To pay €265.99')).toBeInTheDocument();
    expect(card('VFC Glock').queryByText(/You paid/)).toBeNull();
    expect(card('VFC Glock').getByRole('link', { name: 'Complete payment' })).toHaveAttribute(
      'href',
      '/checkout/listing-1?order=o2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('confirms delivery only through the confirmation dialog, once, with an Idempotency-Key', async () => {
    let order: OrderView = shipped(buildOrder({ id: 'o1' }));
    let answer: () => void = () => undefined;
    const api = mockApi({
      '/api/v1/orders': () => ({ items: [order], nextCursor: null }),
      'POST /api/v1/orders/o1/confirm-delivery': () =>
        new Promise((resolve) => {
          answer = () => {
            order = {
              ...order,
              status: 'completed',
              autoReleaseAt: null,
              timeline: [
                ...order.timeline,
                { status: 'completed', actor: 'buyer', at: '2026-11-25T09:00:00Z' },
              ],
            };
            resolve(order);
          };
        }),
    });
    renderRoutes('/buyer-dashboard');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Confirm delivery' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm delivery?' });
    expect(dialog).toHaveAccessibleDescription(/€259.50 is then released to the seller/);
    expect(within(dialog).getByRole('button', { name: 'Not yet' })).toHaveFocus();
    expect(callsTo(api, 'POST /api/v1/orders/o1/confirm-delivery')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, it arrived' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, it arrived' }));
    expect(within(dialog).getByRole('button', { name: 'Yes, it arrived' })).toBeDisabled();
    const calls = callsTo(api, 'POST /api/v1/orders/o1/confirm-delivery');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('Idempotency-Key')).toBeTruthy();

    answer();
    await expectToast('Delivery confirmed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm delivery' })).not.toBeInTheDocument();
  });

  it('cancels a paid order before shipping after asking, and shows a refusal as a toast', async () => {
    const order = paid(buildOrder({ id: 'o1' }));
    mockApi({
      '/api/v1/orders': { items: [order], nextCursor: null },
      'POST /api/v1/orders/o1/cancel': errorResponse(
        409,
        'ORDERS.ILLEGAL_TRANSITION',
        'This order has already shipped, so it cannot be cancelled.',
      ),
    });
    renderRoutes('/buyer-dashboard');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveAccessibleDescription(/full refund of €265.99, including the escrow fee/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const toast = await expectToast('That did not work');
    expect(toast).toHaveTextContent('This order has already shipped, so it cannot be cancelled.');
  });

  it('asks a signed-out visitor to sign in', () => {
    mockApi({});
    renderRoutes('/buyer-dashboard', { session: createSession('signed-out') });
    expect(
      screen.getByRole('heading', { name: 'Sign in to see your purchases' }),
    ).toBeInTheDocument();
  });
});

describe('My Sales (/seller-dashboard)', () => {
  const account = {
    status: 'not_started',
    provider: 'simulated',
    heldCents: 25950,
    releasedCents: 12000,
  };

  it('shows money held and released and starts payout onboarding', async () => {
    const api = mockApi({
      '/api/v1/orders': { items: [], nextCursor: null },
      '/api/v1/payouts/account': account,
      'POST /api/v1/payouts/onboarding': {
        account: { ...account, status: 'complete' },
        url: null,
      },
    });
    renderRoutes('/seller-dashboard', { session: createSession(SELLER) });
    const totals = within(await screen.findByLabelText('Money totals'));
    expect(totals.getByText('Held in escrow').nextElementSibling).toHaveTextContent('€259.50');
    // Payouts are not set up: nothing was transferred, so the money is owed, not released.
    expect(totals.getByText('Owed to you').nextElementSibling).toHaveTextContent('€120.00');
    expect(totals.queryByText('Released to you')).toBeNull();
    expect(
      screen.getByText('€120.00 owed to you, paid out once payouts are set up.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/released to you/i)).toBeNull();
    expect(screen.getByText('Not set up')).toBeInTheDocument();
    expect(await screen.findByText('No sales yet')).toBeInTheDocument();
    expect(String(api.mock.calls.find(([u]) => String(u).includes('/orders'))![0])).toContain(
      'role=seller',
    );

    await setupUser().click(screen.getByRole('button', { name: 'Set up payouts' }));
    await expectToast('Payouts are set up');
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(totals.getByText('Released to you').nextElementSibling).toHaveTextContent('€120.00');
    expect(screen.queryByText(/paid out once payouts are set up/)).toBeNull();
    expect(
      callsTo(api, 'POST /api/v1/payouts/onboarding')[0]!.headers.get('Idempotency-Key'),
    ).toBeTruthy();
  });

  it('checks the carrier and tracking number before marking a posted order shipped', async () => {
    const order = paid(buildOrder({ id: 'o1', buyerId: BUYER.id }));
    const api = mockApi({
      '/api/v1/orders': { items: [order], nextCursor: null },
      '/api/v1/payouts/account': account,
      'POST /api/v1/orders/o1/ship': () => shipped(order),
    });
    renderRoutes('/seller-dashboard', { session: createSession(SELLER) });
    const user = setupUser();
    const form = await screen.findByRole('form', { name: 'Mark Tokyo Marui M4 as shipped' });
    expect(within(form).queryByRole('button', { name: 'Handed over in person' })).toBeNull();
    // Empty until the seller types: an example sits under the box, not greyed inside it.
    expect(within(form).getByLabelText('Carrier')).not.toHaveAttribute('placeholder');
    expect(within(form).getByLabelText('Carrier')).toHaveAccessibleDescription(
      'For example An Post, DPD or GLS',
    );
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(form).getByLabelText('Carrier')).toHaveAccessibleDescription(
      'For example An Post, DPD or GLS Enter the carrier.',
    );
    expect(within(form).getByLabelText('Carrier')).toHaveFocus();
    expect(within(form).getByLabelText('Tracking number')).toHaveAccessibleDescription(
      'Enter the tracking number of the parcel.',
    );
    await user.type(within(form).getByLabelText('Carrier'), 'An Post');
    await user.type(within(form).getByLabelText('Tracking number'), 'RR1');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(form).getByLabelText('Tracking number')).toHaveAccessibleDescription(
      'Tracking number must be 4 to 60 characters.',
    );
    expect(callsTo(api, 'POST /api/v1/orders/o1/ship')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Tracking number'), '23456789IE');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    await expectToast('Marked as shipped');
    const [call] = callsTo(api, 'POST /api/v1/orders/o1/ship');
    expect(call!.body).toEqual({ carrier: 'An Post', trackingNumber: 'RR123456789IE' });
    expect(call!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('offers "Handed over in person" for a collection', async () => {
    const order = paid(buildOrder({ id: 'o1', delivery: 'collection' }));
    const api = mockApi({
      '/api/v1/orders': { items: [order], nextCursor: null },
      '/api/v1/payouts/account': account,
      'POST /api/v1/orders/o1/ship': () => ({ ...shipped(order), handedOverInPerson: true }),
    });
    renderRoutes('/seller-dashboard', { session: createSession(SELLER) });
    await setupUser().click(await screen.findByRole('button', { name: 'Handed over in person' }));
    await expectToast('Marked as shipped');
    expect(callsTo(api, 'POST /api/v1/orders/o1/ship')[0]!.body).toEqual({
      handedOverInPerson: true,
    });
  });
});

describe('Where the item goes, on the order cards (ADR 0029)', () => {
  const account = { status: 'complete', provider: 'simulated', heldCents: 0, releasedCents: 0 };
  const sales = (...orders: OrderView[]) =>
    mockApi({
      '/api/v1/orders': { items: orders, nextCursor: null },
      '/api/v1/payouts/account': account,
      'POST /api/v1/conversations': { id: 'conv1' },
    });
  const titled = (title: string, over: Partial<OrderView>) =>
    buildOrder({ ...over, listing: { ...buildOrder().listing, title } });

  it("shows the seller the buyer's address only on a paid order, and says when it will appear", async () => {
    sales(
      titled('Unpaid M4', { id: 'o1', deliveryAddress: null, hasDeliveryAddress: true }),
      paid(titled('Paid Glock', { id: 'o2' })),
    );
    renderRoutes('/seller-dashboard', { session: createSession(SELLER) });
    await screen.findByRole('heading', { name: 'Paid Glock' });
    const unpaid = card('Unpaid M4');
    expect(
      unpaid.getByText("The buyer's delivery address appears here once they have paid."),
    ).toBeInTheDocument();
    expect(unpaid.queryByText(/Main Street/)).not.toBeInTheDocument();
    const paidCard = card('Paid Glock');
    expect(paidCard.getByText('Send it to')).toBeInTheDocument();
    expect(
      paidCard.getByText(/12 Main Street, Athlone, Co\. Westmeath, N37 X2C4/),
    ).toHaveTextContent(
      'Aoife Byrne12 Main Street, Athlone, Co. Westmeath, N37 X2C4Phone 087 123 4567',
    );
  });

  it('shows the buyer their own address', async () => {
    mockApi({ '/api/v1/orders': { items: [buildOrder({ id: 'o1' })], nextCursor: null } });
    renderRoutes('/buyer-dashboard');
    await screen.findByRole('heading', { name: 'Tokyo Marui M4' });
    expect(card('Tokyo Marui M4').getByText('Delivery to')).toBeInTheDocument();
    expect(card('Tokyo Marui M4').getByText(/N37 X2C4/)).toBeInTheDocument();
  });

  it('shows the county of a collection and opens the conversation with the buyer', async () => {
    const api = sales(
      paid(
        titled('Collected ASG', {
          id: 'o1',
          delivery: 'collection',
          deliveryAddress: null,
          hasDeliveryAddress: false,
          collectionCounty: 'Kildare',
        }),
      ),
    );
    renderRoutes('/seller-dashboard', { session: createSession(SELLER) });
    await screen.findByRole('heading', { name: 'Collected ASG' });
    const c = card('Collected ASG');
    expect(
      c.getByText('Collection in person in Co. Kildare. Arrange the handover in messages.'),
    ).toBeInTheDocument();
    await setupUser().click(c.getByRole('button', { name: 'Message the buyer' }));
    await waitFor(() => expect(where()).toBe('/messages/conv1'));
    expect(callsTo(api, 'POST /api/v1/conversations')[0]!.body).toEqual({
      recipientId: BUYER.id,
    });
  });
});
