import { createSession } from '@loadout/web';
import { callsTo } from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import {
  BUYER,
  SELLER_USER,
  buildListing,
  errorResponse,
  expectToast,
  mockApi,
  renderRoutes,
  setupUser,
  where,
} from '../test-utils';

const SAVED = {
  id: 'addr-1',
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  line2: null,
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'N37 X2C4',
  phone: null,
  isDefault: true,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

const offerAnswer = { id: 'of1', status: 'open', steps: [] };

describe('Make an offer', () => {
  it('checks the amount, previews the fee, and sends cents, the delivery and the message once with a key', async () => {
    const api = mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc', priceCents: 25_000 }),
      '/api/v1/me/addresses': { items: [SAVED] },
      'POST /api/v1/offers': offerAnswer,
      '/api/v1/offers': { items: [] },
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Make an offer' });
    expect(within(dialog).getByText(/one open offer on an item/)).toBeInTheDocument();
    expect(within(dialog).getByText(/48 hours to accept/)).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Your offer (€)');
    expect(amount).toHaveAccessibleDescription(
      'At least €125.00 (50 % of the asking price), below €250.00.',
    );

    await user.type(amount, '124.99');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(callsTo(api, 'POST /api/v1/offers')).toHaveLength(0);
    expect(
      within(dialog).getByText('Enter at least €125.00 and less than €250.00.'),
    ).toBeInTheDocument();
    expect(amount).toHaveFocus();

    await user.clear(amount);
    await user.type(amount, '200');
    // Post is first: item + €9.50 postage, fee 2.5 % half-up (€5.24), total €214.74.
    const preview = within(dialog).getByLabelText('If the seller accepts');
    expect(preview).toHaveTextContent('€200.00');
    expect(preview).toHaveTextContent('€5.24');
    expect(preview).toHaveTextContent('€214.74');
    await user.click(within(dialog).getByRole('radio', { name: /Collection in person/ }));
    expect(within(dialog).getByLabelText('If the seller accepts')).toHaveTextContent('€205.00');
    await user.type(
      within(dialog).getByLabelText('Message to the seller (optional)'),
      'Cash on collection?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));

    await expectToast('Offer sent');
    const calls = callsTo(api, 'POST /api/v1/offers');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      listingId: 'abc',
      amountCents: 20_000,
      message: 'Cash on collection?',
      delivery: 'collection',
      deliveryAddress: null,
    });
    expect(calls[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/offers'));
  });

  it('sends the saved address for tracked post, and shows the server’s refusal with a way to the open offer', async () => {
    const api = mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc', priceCents: 25_000 }),
      '/api/v1/me/addresses': { items: [SAVED] },
      'POST /api/v1/offers': errorResponse(
        409,
        'ORDERS.OFFER_ALREADY_OPEN',
        'You already have an open offer on this item.',
      ),
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Make an offer' });
    expect(
      await within(dialog).findByRole('radio', { name: /Aoife Byrne, 12 Main Street/ }),
    ).toBeChecked();
    await user.type(within(dialog).getByLabelText('Your offer (€)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('You already have an open offer on this item.');
    expect(within(alert).getByRole('link', { name: 'See your offers' })).toHaveAttribute(
      'href',
      '/offers',
    );
    expect(callsTo(api, 'POST /api/v1/offers')[0]!.body).toMatchObject({
      delivery: 'post',
      deliveryAddress: { name: 'Aoife Byrne', line1: '12 Main Street', eircode: 'N37 X2C4' },
    });
  });

  it('is disabled while sending, puts a refused amount on its field, and focuses a missing address field', async () => {
    let answer!: (response: Response) => void;
    const api = mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc', priceCents: 25_000 }),
      '/api/v1/me/addresses': { items: [] },
      'POST /api/v1/offers': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Make an offer' });
    const amount = within(dialog).getByLabelText('Your offer (€)');
    const send = within(dialog).getByRole('button', { name: 'Send offer' });
    await user.type(amount, '150');
    // Tracked post without a saved address: the new address is checked, its first field focused.
    const fields = within(await within(dialog).findByRole('group', { name: 'Delivery address' }));
    await user.click(send);
    expect(fields.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(fields.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(
      'Name is required.',
    );
    expect(callsTo(api, 'POST /api/v1/offers')).toHaveLength(0);

    await user.type(fields.getByRole('textbox', { name: 'Full name' }), 'Aoife Byrne');
    await user.type(fields.getByRole('textbox', { name: 'Address line 1' }), '12 Main Street');
    await user.type(fields.getByRole('textbox', { name: 'Town or city' }), 'Athlone');
    await user.selectOptions(fields.getByRole('combobox', { name: 'County' }), 'Westmeath');
    await user.type(fields.getByRole('textbox', { name: 'Eircode' }), 'n37x2c4');
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(amount).toBeDisabled();
    await user.click(send);
    expect(callsTo(api, 'POST /api/v1/offers')).toHaveLength(1);

    answer(
      errorResponse(
        400,
        'ORDERS.OFFER_BELOW_MINIMUM',
        'An offer must be at least 50 % of the asking price.',
        { field: 'amountCents', minimumCents: 12_500 },
      ),
    );
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        expect.stringContaining('An offer must be at least 50 % of the asking price.'),
      ),
    );
    await waitFor(() => expect(amount).toHaveFocus());
    // Shown on the field, not repeated as a form alert.
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows no new-address form while the saved addresses load, and sends nothing meanwhile', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const book = new Promise((resolve) => (answer = resolve));
    const api = mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc', priceCents: 25_000 }),
      '/api/v1/me/addresses': () => book,
      'POST /api/v1/offers': offerAnswer,
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Make an offer' }));
    await user.type(dialog.getByLabelText('Your offer (€)'), '150');
    expect(dialog.getByText('Loading your saved addresses…')).toHaveAttribute('role', 'status');
    expect(dialog.queryByRole('group', { name: 'Delivery address' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send offer' }));
    expect(callsTo(api, 'POST /api/v1/offers')).toHaveLength(0);

    answer({ items: [SAVED] });
    const sendTo = within(await dialog.findByRole('group', { name: 'Send it to' }));
    expect(sendTo.getByRole('radio', { name: 'Aoife Byrne, 12 Main Street' })).toBeChecked();
    expect(dialog.queryByRole('group', { name: 'Delivery address' })).not.toBeInTheDocument();
    expect(dialog.queryByText('Loading your saved addresses…')).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in, and comes back here', async () => {
    mockApi({ '/api/v1/listings/abc': buildListing({ id: 'abc' }) });
    const login = jest.fn().mockResolvedValue(undefined);
    renderRoutes('/listing/abc', { session: createSession('signed-out', { login }) });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to make an offer' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(login).toHaveBeenCalledWith({ redirectTo: '/listing/abc' });
  });

  it('is not offered on your own listing, nor on one that is not on sale', async () => {
    mockApi({
      '/api/v1/listings/own': buildListing({ id: 'own', sellerId: SELLER_USER.id }),
      '/api/v1/listings/res': buildListing({ id: 'res', status: 'reserved' }),
    });
    const { unmount } = renderRoutes('/listing/own', { session: createSession(SELLER_USER) });
    expect(
      await screen.findByText('This is your listing, so you cannot buy it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
    unmount();
    renderRoutes('/listing/res', { session: createSession(BUYER) });
    expect(await screen.findByRole('button', { name: 'Message seller' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });
});
