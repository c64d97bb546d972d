import { createSession, onReportRequest, type ReportSubject } from '@loadout/web';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  BUYER,
  SELLER_USER,
  buildListing,
  buildSeller,
  calledUrls,
  errorResponse,
  expectToast,
  jsonResponse,
  mockApi,
  renderRoutes,
  setupUser,
  where,
} from '../test-utils';

describe('ListingPage', () => {
  it('shows price with 2 decimals, facts, joules of a replica, delivery and the seller', async () => {
    const listing = buildListing({
      id: 'abc',
      title: 'Tokyo Marui M4 MWS',
      priceCents: 32000,
      category: 'aeg_rifles',
      condition: 'like_new',
      county: 'Cork',
      joules: 0.976,
      fps: 310,
      bbWeightGrams: 0.2,
      shipping: { postageCents: 950, collection: true },
    });
    const fetchMock = mockApi({ '/api/v1/listings/abc': listing });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });

    expect(screen.getByRole('status', { name: 'Loading listing' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tokyo Marui M4 MWS' }),
    ).toBeInTheDocument();
    expect(screen.getByText('€320.00')).toBeInTheDocument();
    expect(screen.getByText(/0\.98 J · 310 fps with 0\.20 g BBs/)).toBeInTheDocument();
    expect(
      screen.getByText('Within the Irish 1 joule limit for airsoft replicas.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Tracked post €9.50')).toBeInTheDocument();
    expect(screen.getByText('Collection in Co. Cork')).toBeInTheDocument();
    expect(screen.getAllByText('Like new').length).toBeGreaterThan(0);
    expect(screen.getAllByText('AEG rifles').length).toBeGreaterThan(0);

    const seller = screen.getByRole('region', { name: 'Seller: Ciarán' });
    expect(within(seller).getByText('Private seller')).toBeInTheDocument();
    expect(within(seller).getByText(/EU consumer rights .* do not apply/)).toBeInTheDocument();
    expect(within(seller).getByText('Member since Nov 2024')).toBeInTheDocument();
    expect(within(seller).getByRole('link', { name: /listings/ })).toHaveAttribute(
      'href',
      `/seller/${SELLER_USER.id}`,
    );

    expect(screen.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', '/checkout/abc');
    expect(document.title).toBe('Tokyo Marui M4 MWS | Loadout');
    expect(calledUrls(fetchMock, '/api/v1/listings')).toEqual(['/api/v1/listings/abc']);
  });

  it('keeps the line breaks of the description', async () => {
    mockApi({
      '/api/v1/listings/abc': buildListing({
        id: 'abc',
        description: 'Line one\nLine two\n\nSecond paragraph',
      }),
    });
    const { container } = renderRoutes('/listing/abc');
    await screen.findByRole('heading', { name: 'Description' });
    const paragraphs = container.querySelectorAll('.mp-description p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]!.querySelectorAll('br')).toHaveLength(1);
    expect(paragraphs[0]!.innerHTML).toMatch(/Line one.*<br>.*Line two/);
    expect(paragraphs[1]).toHaveTextContent('Second paragraph');
  });

  it('labels traders and leaves out the joules of gear', async () => {
    mockApi({
      '/api/v1/listings/abc': buildListing({
        id: 'abc',
        category: 'optics',
        joules: null,
        fps: null,
        bbWeightGrams: null,
        shipping: { postageCents: null, collection: true },
        seller: buildSeller({ sellerType: 'trader', displayName: 'Airsoft Shop Ltd' }),
      }),
    });
    renderRoutes('/listing/abc');
    const seller = await screen.findByRole('region', { name: 'Seller: Airsoft Shop Ltd' });
    expect(within(seller).getByText('Trader')).toBeInTheDocument();
    expect(screen.queryByText('Muzzle energy')).toBeNull();
    expect(screen.queryByText(/Tracked post/)).toBeNull();
  });

  it("shows the seller's rating on the seller card, or that there are no reviews yet", async () => {
    mockApi({
      '/api/v1/listings/abc': buildListing({
        id: 'abc',
        seller: buildSeller({ displayName: 'Ciarán', rating: { average: 4.5, count: 12 } }),
      }),
      '/api/v1/listings/def': buildListing({
        id: 'def',
        seller: buildSeller({ displayName: 'Ciarán' }),
      }),
    });
    const { unmount } = renderRoutes('/listing/abc');
    const card = await screen.findByRole('region', { name: 'Seller: Ciarán' });
    expect(within(card).getByText('Rated 4.5 out of 5')).toBeInTheDocument();
    expect(within(card).getByText(/\(12 reviews\)/)).toBeInTheDocument();
    unmount();

    renderRoutes('/listing/def');
    const unrated = await screen.findByRole('region', { name: 'Seller: Ciarán' });
    expect(within(unrated).getByText('No reviews yet')).toBeInTheDocument();
  });

  it('offers "Make an offer" on a listing on sale (the dialog: MakeOfferButton.spec)', async () => {
    mockApi({ '/api/v1/listings/abc': buildListing({ id: 'abc' }) });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    const offer = await screen.findByRole('button', { name: 'Make an offer' });
    expect(offer).toBeEnabled();
    expect(offer).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('shows the listing while the session is restored, with Favourite and Message seller waiting for it', async () => {
    mockApi({ '/api/v1/listings/abc': buildListing({ id: 'abc' }) });
    renderRoutes('/listing/abc', { session: createSession('loading') });
    await screen.findByRole('heading', { level: 1 });
    // A click now would ask a signed-in visitor to sign in: both wait for the session.
    expect(screen.getByRole('button', { name: 'Favourite' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Message seller/ })).toBeDisabled();
  });

  it('opens the conversation about the listing with "Message seller"', async () => {
    const user = setupUser();
    const fetchMock = mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc' }),
      'POST /api/v1/conversations': { id: 'conv1' },
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    await user.click(await screen.findByRole('button', { name: 'Message seller' }));
    await waitFor(() => expect(where()).toBe('/messages/conv1'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ listingId: 'abc' });
  });

  it('logs a failure to open the conversation and lets the buyer try again', async () => {
    const user = setupUser();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc' }),
      'POST /api/v1/conversations': errorResponse(503, 'GATEWAY.UPSTREAM_UNAVAILABLE', 'Down'),
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    const button = await screen.findByRole('button', { name: 'Message seller' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The conversation could not be opened. Please try again.',
    );
    expect(error).toHaveBeenCalledWith('Opening the conversation failed', expect.anything());
    expect(button).toBeEnabled();
    error.mockRestore();
  });

  it('moves through the photos with the thumbnails and the arrow keys', async () => {
    const user = setupUser();
    mockApi({ '/api/v1/listings/abc': buildListing({ id: 'abc', title: 'M4' }) });
    renderRoutes('/listing/abc');
    expect(await screen.findByRole('img', { name: 'M4 (1 of 3)' })).toBeInTheDocument();

    const second = screen.getByRole('button', { name: 'Show photo 2 of 3' });
    await user.click(second);
    expect(screen.getByRole('img', { name: 'M4 (2 of 3)' })).toHaveAttribute(
      'src',
      'https://img.example/2-1200.webp',
    );
    expect(second).toHaveAttribute('aria-current', 'true');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveFocus();
    expect(screen.getByRole('img', { name: 'M4 (3 of 3)' })).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(screen.getByRole('img', { name: 'M4 (1 of 3)' })).toBeInTheDocument();
  });

  it("asks the shell's report dialog about this listing", async () => {
    const user = setupUser();
    mockApi({ '/api/v1/listings/abc': buildListing({ id: 'abc', title: 'M4' }) });
    renderRoutes('/listing/abc');
    const asked: ReportSubject[] = [];
    const stop = onReportRequest((subject) => asked.push(subject));
    try {
      await user.click(await screen.findByRole('button', { name: 'Report listing' }));
    } finally {
      stop();
    }
    expect(asked).toEqual([{ type: 'listing', id: 'abc', label: 'M4' }]);
  });

  it('shows the owner an Edit link and no Buy now', async () => {
    mockApi({
      '/api/v1/listings/abc': buildListing({
        id: 'abc',
        status: 'draft',
        sellerId: SELLER_USER.id,
      }),
    });
    renderRoutes('/listing/abc', { session: createSession(SELLER_USER) });
    expect(await screen.findByText(/Only you can see it/)).toBeInTheDocument();
    const edits = screen.getAllByRole('link', { name: 'Edit listing' });
    expect(edits[0]).toHaveAttribute('href', '/sell/abc');
    expect(screen.queryByRole('link', { name: 'Buy now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report listing' })).toBeNull();
  });

  it('explains why a sold listing cannot be bought', async () => {
    mockApi({ '/api/v1/listings/abc': buildListing({ id: 'abc', status: 'sold' }) });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    expect(await screen.findByText(/This item has been sold/)).toBeInTheDocument();
    expect(screen.getByText('This item is sold and cannot be bought.')).toBeInTheDocument();
    expect(screen.getAllByText('Sold').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy now' })).toBeNull();
  });

  it('says a listing reserved by an unpaid checkout is reserved, not paid for (issue 25 item 2)', async () => {
    mockApi({
      '/api/v1/listings/abc': buildListing({
        id: 'abc',
        status: 'reserved',
        reservation: 'checkout',
      }),
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    expect(await screen.findByText(/A buyer is completing checkout/)).toBeInTheDocument();
    expect(screen.getByText(/If they do not pay, it goes back on sale/)).toBeInTheDocument();
    expect(screen.queryByText(/paid/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy now' })).toBeNull();
  });

  it('says "Sold — awaiting delivery" once the order holding the listing is paid', async () => {
    mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc', status: 'reserved', reservation: 'paid' }),
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    expect(await screen.findByText('Sold — awaiting delivery.')).toBeInTheDocument();
    expect(screen.getByText(/A buyer has paid for this item/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy now' })).toBeNull();
  });

  it('shows a reserved listing as "Reserved" with no Buy button', async () => {
    mockApi({ '/api/v1/listings/abc': buildListing({ id: 'abc', status: 'reserved' }) });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    expect(
      await screen.findByText(/A buyer is checking out or has bought this item/),
    ).toBeInTheDocument();
    // Nobody may be told a payment happened when the reservation may be an unpaid checkout.
    expect(screen.queryByText(/has paid/)).toBeNull();
    expect(screen.getByText('This item is reserved and cannot be bought.')).toBeInTheDocument();
    expect(screen.getAllByText('Reserved').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy now' })).toBeNull();
  });

  it('says "Listing not found" on a 404', async () => {
    mockApi({
      '/api/v1/listings/gone': errorResponse(404, 'LISTINGS.NOT_FOUND', 'No such listing.'),
    });
    renderRoutes('/listing/gone');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Listing not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(document.title).toBe('Listing not found | Loadout');
  });

  it('shows other errors with a Retry', async () => {
    const user = setupUser();
    let calls = 0;
    mockApi({
      '/api/v1/listings/abc': () => {
        calls += 1;
        return calls === 1
          ? errorResponse(500, 'INTERNAL', 'Something broke.')
          : buildListing({ id: 'abc', title: 'Recovered' });
      },
    });
    renderRoutes('/listing/abc');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recovered' })).toBeInTheDocument();
  });

  it('counts a favourite at once and takes it back when the API refuses', async () => {
    const user = setupUser();
    let answer: (response: Response) => void = () => undefined;
    mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc', favoriteCount: 3 }),
      '/api/v1/favorites/ids': { ids: [] },
      'PUT /api/v1/favorites/abc': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    expect(await screen.findByText('Saved by 3 people')).toBeInTheDocument();
    const heart = screen.getByRole('button', { name: 'Favourite' });
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Saved by 4 people')).toBeInTheDocument();

    act(() => answer(errorResponse(500, 'INTERNAL', 'Something broke.')));
    expect(await screen.findByText('Saved by 3 people')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expectToast('Favourites could not be updated');
  });

  it('takes the count from the API after saving', async () => {
    const user = setupUser();
    mockApi({
      '/api/v1/listings/abc': buildListing({ id: 'abc', favoriteCount: 3 }),
      '/api/v1/favorites/ids': { ids: ['abc'] },
      'DELETE /api/v1/favorites/abc': jsonResponse(200, {
        listingId: 'abc',
        favorite: false,
        favoriteCount: 1,
      }),
    });
    renderRoutes('/listing/abc', { session: createSession(BUYER) });
    const heart = await screen.findByRole('button', { name: 'Favourite' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart);
    expect(await screen.findByText('Saved by 1 person')).toBeInTheDocument();
  });
});
