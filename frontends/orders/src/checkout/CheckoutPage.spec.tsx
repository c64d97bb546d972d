import { type OrderView } from '@loadout/contracts';
import { loadStripe as loadStripeModule } from '@stripe/stripe-js';
import { createSession } from '@loadout/web';
import {
  callsTo,
  errorResponse,
  jsonResponse,
  mockApi,
  setupUser,
  where,
} from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ADDRESS,
  SELLER,
  SIMULATED,
  buildListing,
  buildOrder,
  paid,
  renderRoutes,
} from '../test-utils';

const listing = buildListing({ id: 'l1' });

const mount = jest.fn();
const confirmPayment = jest.fn(() => Promise.resolve({}));
// Stripe.js itself is not loaded in tests; its loader is replaced to see when it is asked for.
jest.mock('@stripe/stripe-js', () => ({
  loadStripe: jest.fn(() =>
    Promise.resolve({ elements: () => ({ create: () => ({ mount }) }), confirmPayment }),
  ),
}));
const loadStripe = loadStripeModule as unknown as jest.Mock;

beforeEach(() => {
  loadStripe.mockClear();
  mount.mockClear();
});

async function fillAddress(user: ReturnType<typeof setupUser>, form: ReturnType<typeof within>) {
  await user.type(form.getByRole('textbox', { name: 'Full name' }), 'Aoife Byrne');
  await user.type(form.getByRole('textbox', { name: 'Address line 1' }), '12 Main Street');
  await user.type(form.getByRole('textbox', { name: 'Town or city' }), 'Athlone');
  await user.selectOptions(form.getByRole('combobox', { name: 'County' }), 'Westmeath');
  await user.type(form.getByRole('textbox', { name: 'Eircode' }), 'n37x2c4');
}

async function fillCard(number: string) {
  const user = setupUser();
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '1230');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
  return user;
}

describe('checkout', () => {
  it('shows the item, the private-seller notice, delivery choices and the fee on its own line', async () => {
    mockApi({ '/api/v1/listings/l1': listing, '/api/v1/payments/config': SIMULATED });
    renderRoutes('/checkout/l1');

    expect(await screen.findByRole('heading', { name: listing.title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: listing.title })).toHaveAttribute(
      'src',
      listing.images[0]!.thumbUrl,
    );
    expect(screen.getByText('Private seller')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Buying from a private seller' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/do not apply to a sale between private individuals/),
    ).toBeInTheDocument();
    expect(screen.getByText(/holding your payment in escrow/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the escrow terms' })).toHaveAttribute(
      'href',
      '/escrow-terms',
    );

    const user = setupUser();
    await user.click(screen.getByRole('radio', { name: 'Tracked post' }));
    const price = screen.getByRole('definition', {
      name: (_, el) => el.previousElementSibling?.textContent === 'Escrow protection fee (2.5%)',
    });
    expect(price).toHaveTextContent('€6.49');
    expect(screen.getByText('Escrow protection fee (2.5%)')).toBeInTheDocument();
    const breakdown = within(screen.getByLabelText('Price breakdown'));
    expect(breakdown.getByText('Total').nextElementSibling).toHaveTextContent('€265.99');
  });

  it('does not show the consumer-rights notice for a trader', async () => {
    mockApi({
      '/api/v1/listings/l1': { ...listing, seller: { ...listing.seller, sellerType: 'trader' } },
      '/api/v1/payments/config': SIMULATED,
    });
    renderRoutes('/checkout/l1');
    expect(await screen.findByText('Trader')).toBeInTheDocument();
    expect(screen.queryByText('Buying from a private seller')).not.toBeInTheDocument();
  });

  it('asks for a delivery choice and an address, creates the order and shows the API amounts, the test-mode banner and the card form', async () => {
    const order = buildOrder({ id: 'o1', listingId: 'l1' });
    const api = mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/me/addresses': { items: [] },
      'POST /api/v1/me/addresses': { id: 'a1', ...ADDRESS },
      'POST /api/v1/orders': order,
      '/api/v1/orders/o1': order,
    });
    renderRoutes('/checkout/l1');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(
      screen.getByRole('group', { name: 'How do you want to get the item?' }),
    ).toHaveAccessibleDescription('Choose tracked post or collection in person.');
    expect(callsTo(api, 'POST /api/v1/orders')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Tracked post' }));
    const address = within(await screen.findByRole('group', { name: 'Delivery address' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // Nothing is sent without an address; the first missing field has the focus.
    expect(callsTo(api, 'POST /api/v1/orders')).toHaveLength(0);
    expect(address.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(address.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(
      'Name is required.',
    );

    await fillAddress(user, address);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toHaveFocus();
    const sent = {
      name: 'Aoife Byrne',
      line1: '12 Main Street',
      line2: null,
      town: 'Athlone',
      county: 'Westmeath',
      eircode: 'n37x2c4',
      phone: null,
    };
    // "Save this address to my account" is ticked by default.
    expect(callsTo(api, 'POST /api/v1/me/addresses')[0]!.body).toEqual(sent);
    expect(callsTo(api, 'POST /api/v1/orders')[0]!.body).toEqual({
      listingId: 'l1',
      delivery: 'post',
      deliveryAddress: sent,
    });
    expect(where()).toBe('/checkout/l1?order=o1');
    expect(screen.getByText('Test mode — no real money moves')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByRole('button', { name: 'Pay €265.99' })).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('shows no new-address form while the saved addresses load, so a saved one never replaces a half-typed address', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const book = new Promise((resolve) => (answer = resolve));
    mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/me/addresses': () => book,
    });
    renderRoutes('/checkout/l1');
    const user = setupUser();
    await user.click(await screen.findByRole('radio', { name: 'Tracked post' }));
    expect(await screen.findByText('Loading your saved addresses…')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('group', { name: 'Delivery address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full name' })).not.toBeInTheDocument();

    answer({
      items: [
        {
          id: 'a1',
          ...ADDRESS,
          createdAt: '2026-11-01T10:00:00Z',
          updatedAt: '2026-11-01T10:00:00Z',
        },
      ],
    });
    const sendTo = within(await screen.findByRole('group', { name: 'Send it to' }));
    expect(sendTo.getByRole('radio', { name: 'Aoife Byrne, 12 Main Street' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Full name' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading your saved addresses…')).not.toBeInTheDocument();
  });

  it('offers saved addresses first and sends the chosen one without saving it again', async () => {
    const order = buildOrder({ id: 'o1', listingId: 'l1' });
    const other = {
      ...ADDRESS,
      line1: '1 Quay Street',
      town: 'Galway',
      county: 'Galway' as const,
      eircode: 'H91 E2K3',
    };
    const api = mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/me/addresses': {
        items: [
          {
            id: 'a1',
            ...ADDRESS,
            createdAt: '2026-11-01T10:00:00Z',
            updatedAt: '2026-11-01T10:00:00Z',
          },
          {
            id: 'a2',
            ...other,
            createdAt: '2026-11-02T10:00:00Z',
            updatedAt: '2026-11-02T10:00:00Z',
          },
        ],
      },
      'POST /api/v1/orders': order,
      '/api/v1/orders/o1': order,
    });
    renderRoutes('/checkout/l1');
    const user = setupUser();
    await user.click(await screen.findByRole('radio', { name: 'Tracked post' }));
    const sendTo = within(await screen.findByRole('group', { name: 'Send it to' }));
    expect(sendTo.getByRole('radio', { name: 'Aoife Byrne, 12 Main Street' })).toBeChecked();
    expect(
      sendTo.getByRole('radio', { name: 'Aoife Byrne, 12 Main Street' }),
    ).toHaveAccessibleDescription('12 Main Street, Athlone, Co. Westmeath, N37 X2C4');
    expect(screen.queryByRole('textbox', { name: 'Full name' })).not.toBeInTheDocument();
    expect(sendTo.getByRole('radio', { name: 'A new address' })).not.toBeChecked();
    await user.click(sendTo.getByRole('radio', { name: 'Aoife Byrne, 1 Quay Street' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    expect(callsTo(api, 'POST /api/v1/orders')[0]!.body).toEqual({
      listingId: 'l1',
      delivery: 'post',
      deliveryAddress: other,
    });
    expect(callsTo(api, 'POST /api/v1/me/addresses')).toHaveLength(0);
  });

  it('puts the order service’s address errors on the fields, and does not save when unticked', async () => {
    const api = mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/me/addresses': { items: [] },
      'POST /api/v1/orders': errorResponse(
        400,
        'ORDERS.DELIVERY_ADDRESS_INVALID',
        'Enter a valid Eircode',
        [{ field: 'deliveryAddress.eircode', messages: ['Eircode refused by the server.'] }],
      ),
    });
    renderRoutes('/checkout/l1');
    const user = setupUser();
    await user.click(await screen.findByRole('radio', { name: 'Tracked post' }));
    const address = within(await screen.findByRole('group', { name: 'Delivery address' }));
    await fillAddress(user, address);
    await user.click(address.getByRole('checkbox', { name: 'Save this address to my account' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() =>
      expect(address.getByRole('textbox', { name: 'Eircode' })).toHaveAccessibleDescription(
        /Eircode refused by the server\./,
      ),
    );
    await waitFor(() => expect(address.getByRole('textbox', { name: 'Eircode' })).toHaveFocus());
    expect(callsTo(api, 'POST /api/v1/me/addresses')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('focuses the delivery choice when none is made, and shows the service’s delivery refusal there', async () => {
    const api = mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/me/addresses': { items: [] },
      'POST /api/v1/orders': errorResponse(
        400,
        'COMMON.VALIDATION_FAILED',
        "Delivery must be 'post' or 'collection'.",
        [{ field: 'delivery', messages: ["Delivery must be 'post' or 'collection'."] }],
      ),
    });
    renderRoutes('/checkout/l1');
    const user = setupUser();
    const next = await screen.findByRole('button', { name: 'Continue to payment' });
    await user.click(next);
    expect(screen.getByRole('radio', { name: /Tracked post/ })).toHaveFocus();
    expect(callsTo(api, 'POST /api/v1/orders')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /Collection in person/ }));
    const group = screen.getByRole('group', { name: 'How do you want to get the item?' });
    expect(group).not.toHaveAccessibleDescription('Choose tracked post or collection in person.');
    await user.click(next);
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription("Delivery must be 'post' or 'collection'."),
    );
    expect(callsTo(api, 'POST /api/v1/orders')).toHaveLength(1);
  });

  it('asks no address for collection and says where and how the handover is arranged', async () => {
    const order = buildOrder({ id: 'o1', listingId: 'l1', delivery: 'collection' });
    const api = mockApi({
      '/api/v1/listings/l1': { ...listing, county: 'Kildare' },
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/me/addresses': { items: [] },
      'POST /api/v1/orders': order,
      '/api/v1/orders/o1': order,
    });
    renderRoutes('/checkout/l1');
    const user = setupUser();
    await user.click(await screen.findByRole('radio', { name: /Collection in person/ }));
    expect(
      screen.getByText(
        'Collect it in Co. Kildare. After paying, arrange the handover with the seller in messages.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    expect(callsTo(api, 'POST /api/v1/orders')[0]!.body).toEqual({
      listingId: 'l1',
      delivery: 'collection',
    });
  });

  it('with Stripe configured, loads the Payment Element instead of the test card form', async () => {
    const order = buildOrder({ id: 'o1', listingId: 'l1' });
    const api = mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': {
        provider: 'stripe',
        publishableKey: 'pk_test_123',
        testMode: false,
      },
      '/api/v1/orders/o1': order,
      'POST /api/v1/orders/o1/pay': {
        order,
        payment: { paymentId: 'pi_1', status: 'processing', clientSecret: 'pi_1_secret' },
      },
    });
    renderRoutes('/checkout/l1?order=o1');
    await waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(
      callsTo(api, 'POST /api/v1/orders/o1/pay')[0]!.headers.get('Idempotency-Key'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText('Test mode — no real money moves')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay €265.99' })).toBeEnabled();
  });

  it('pays once with an Idempotency-Key, shows progress and goes to the success page when paid', async () => {
    const order = buildOrder({ id: 'o1', listingId: 'l1' });
    let current: OrderView = order;
    let polls = 0;
    let answerPay: (r: Response) => void = () => undefined;
    const api = mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/orders/o1': () => {
        polls += 1;
        if (polls >= 3) current = paid(order);
        return current;
      },
      'POST /api/v1/orders/o1/pay': () =>
        new Promise<Response>((resolve) => {
          answerPay = resolve;
        }),
    });
    renderRoutes('/checkout/l1?order=o1');
    await screen.findByRole('heading', { name: 'Payment' });
    const user = await fillCard('4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');

    const pay = screen.getByRole('button', { name: 'Pay €265.99' });
    await user.click(pay);
    await user.click(pay);
    await user.keyboard('{Enter}');
    expect(pay).toBeDisabled();
    expect(screen.getByText('Sending your payment…')).toHaveAttribute('role', 'status');
    const calls = callsTo(api, 'POST /api/v1/orders/o1/pay');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('Idempotency-Key')).toMatch(/.{16,}/);
    expect(calls[0]!.body).toEqual({
      card: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });

    answerPay(jsonResponse(200, { order, payment: { paymentId: 'p1', status: 'processing' } }));
    expect(
      await screen.findByText('Confirming your payment with the card processor…'),
    ).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/purchase-success?order=o1'), { timeout: 15_000 });
    expect(callsTo(api, 'POST /api/v1/orders/o1/pay')).toHaveLength(1);
  });

  it('shows a declined card clearly and keeps the order payable', async () => {
    const order = buildOrder({ id: 'o1', listingId: 'l1' });
    let current: OrderView = order;
    const api = mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/orders/o1': () => current,
      'POST /api/v1/orders/o1/pay': () => {
        current = {
          ...order,
          lastPaymentError: {
            code: 'card_declined',
            message: 'Your card was declined. Try another card.',
          },
        };
        return { order, payment: { paymentId: 'p1', status: 'processing' } };
      },
    });
    renderRoutes('/checkout/l1?order=o1');
    await screen.findByRole('heading', { name: 'Payment' });
    const user = await fillCard('4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay €265.99' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveTextContent('Nothing was charged');
    expect(where()).toBe('/checkout/l1?order=o1');
    const pay = screen.getByRole('button', { name: 'Pay €265.99' });
    expect(pay).toBeEnabled();

    // A second attempt goes out with a new key.
    current = order;
    await user.click(pay);
    await waitFor(() => expect(callsTo(api, 'POST /api/v1/orders/o1/pay')).toHaveLength(2));
    const [first, second] = callsTo(api, 'POST /api/v1/orders/o1/pay');
    expect(first!.headers.get('Idempotency-Key')).not.toBe(second!.headers.get('Idempotency-Key'));
  });

  it('checks the card inline before sending anything', async () => {
    const order = buildOrder({ id: 'o1', listingId: 'l1' });
    const api = mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/orders/o1': order,
    });
    renderRoutes('/checkout/l1?order=o1');
    await screen.findByRole('heading', { name: 'Payment' });
    const user = setupUser();
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    await user.tab();
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      'This card number is not valid. Check it and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Pay €265.99' }));
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAccessibleDescription(
      'Enter the security code (CVC).',
    );
    expect(callsTo(api, 'POST /api/v1/orders/o1/pay')).toHaveLength(0);
  });

  it('says "This item is no longer available" when another buyer was faster (409)', async () => {
    mockApi({
      '/api/v1/listings/l1': listing,
      '/api/v1/payments/config': SIMULATED,
      'POST /api/v1/orders': errorResponse(
        409,
        'ORDERS.LISTING_UNAVAILABLE',
        'This item is no longer available',
      ),
    });
    renderRoutes('/checkout/l1');
    const user = setupUser();
    await user.click(await screen.findByRole('radio', { name: 'Collection in person' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This item is no longer available');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  });

  it('says a reserved or sold listing is no longer available when the buyer has no order of it', async () => {
    const api = mockApi({
      '/api/v1/listings/l1': { ...listing, status: 'reserved' },
      '/api/v1/payments/config': SIMULATED,
      // Only an old, expired order of this buyer: it no longer holds the item.
      '/api/v1/orders': {
        items: [buildOrder({ id: 'old', listingId: 'l1', status: 'expired' })],
        nextCursor: null,
      },
    });
    renderRoutes('/checkout/l1');
    expect(await screen.findByText('This item is no longer available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
    expect(callsTo(api, 'GET /api/v1/orders')).toHaveLength(1);
    const lookup = new URL(
      String(api.mock.calls.find(([u]) => String(u).includes('/api/v1/orders'))![0]),
      'http://loadout.test',
    );
    expect(lookup.searchParams.get('role')).toBe('buyer');
    expect(lookup.searchParams.get('listingId')).toBe('l1');
    expect(where()).toBe('/checkout/l1');
  });

  it('takes a buyer back to their own unpaid order of a listing they reserved (issue 25 item 2)', async () => {
    const order = buildOrder({ id: 'o1', listingId: 'l1' });
    mockApi({
      '/api/v1/listings/l1': { ...listing, status: 'reserved' },
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/orders': { items: [order], nextCursor: null },
      '/api/v1/orders/o1': order,
    });
    renderRoutes('/checkout/l1');
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(where()).toBe('/checkout/l1?order=o1');
    expect(screen.getByRole('button', { name: 'Pay €265.99' })).toBeEnabled();
    expect(screen.queryByText(/Someone else is buying it/)).not.toBeInTheDocument();
  });

  it('takes a buyer whose order of the listing is paid to that order', async () => {
    const order = paid(buildOrder({ id: 'o1', listingId: 'l1' }));
    mockApi({
      '/api/v1/listings/l1': { ...listing, status: 'reserved' },
      '/api/v1/payments/config': SIMULATED,
      '/api/v1/orders': { items: [order], nextCursor: null },
      '/api/v1/orders/o1': order,
    });
    renderRoutes('/checkout/l1');
    await waitFor(() => expect(where()).toBe('/purchase-success?order=o1'));
  });

  it('tells the seller they cannot buy their own listing', async () => {
    mockApi({ '/api/v1/listings/l1': listing, '/api/v1/payments/config': SIMULATED });
    renderRoutes('/checkout/l1', { session: createSession(SELLER) });
    expect(
      await screen.findByText('This is your listing, so you cannot buy it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in first and comes back here', async () => {
    const api = mockApi({});
    const login = jest.fn(() => Promise.resolve());
    renderRoutes('/checkout/l1', { session: createSession('signed-out', { login }) });
    expect(screen.getByRole('heading', { name: 'Sign in to buy this item' })).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(login).toHaveBeenCalledWith({ redirectTo: '/checkout/l1' });
    expect(api).not.toHaveBeenCalled();
  });

  it('shows a loading state, then an error with a retry', async () => {
    let fail = true;
    mockApi({
      '/api/v1/listings/l1': () =>
        fail ? errorResponse(503, 'COMMON.UNAVAILABLE', 'Listings are unavailable.') : listing,
      '/api/v1/payments/config': SIMULATED,
    });
    renderRoutes('/checkout/l1');
    expect(screen.getByRole('status', { name: 'Loading checkout' })).toBeInTheDocument();
    expect(await screen.findByText('Listings are unavailable.')).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: listing.title })).toBeInTheDocument();
  });
});
