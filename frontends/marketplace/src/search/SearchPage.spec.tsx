import { createSession } from '@loadout/web';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  BUYER,
  buildSummary,
  calledUrls,
  errorResponse,
  expectToast,
  inCard,
  jsonResponse,
  mockApi,
  page,
  renderRoutes,
  setupUser,
  where,
} from '../test-utils';

const LISTINGS = '/api/v1/listings';

describe('SearchPage', () => {
  it('lists results with price, county, condition, joules, a photo placeholder and the count', async () => {
    const fetchMock = mockApi({
      [LISTINGS]: page(
        [
          buildSummary({
            title: 'Tokyo Marui M4',
            priceCents: 25000,
            joules: 0.976,
            sellerRating: { average: 4.67, count: 3 },
          }),
          buildSummary({
            title: 'Plate carrier',
            category: 'tactical_gear',
            condition: 'like_new',
            county: 'Galway',
            joules: null,
            priceCents: 4550,
            thumbUrl: null,
          }),
        ],
        null,
        2,
      ),
    });
    renderRoutes('/marketplace');

    expect(screen.getByRole('status', { name: 'Loading listings' })).toBeInTheDocument();
    expect(await screen.findByText('2 listings')).toHaveAttribute('aria-live', 'polite');

    const m4 = inCard('Tokyo Marui M4');
    expect(m4.getByText('€250.00')).toBeInTheDocument();
    expect(m4.getByText('0.98 J')).toBeInTheDocument();
    expect(m4.getByRole('img', { name: 'Tokyo Marui M4' })).toBeInTheDocument();
    expect(m4.getByText('Rated 4.67 out of 5')).toBeInTheDocument();
    expect(m4.getByText(/\(3 reviews\)/)).toBeVisible();
    const carrier = inCard('Plate carrier');
    expect(carrier.queryByText(/^Rated /)).toBeNull();
    expect(carrier.getByText('€45.50')).toBeInTheDocument();
    expect(carrier.getByText('Co. Galway')).toBeInTheDocument();
    expect(carrier.getByText('Like new')).toBeInTheDocument();
    expect(carrier.getByRole('img', { name: 'No photo' })).toBeInTheDocument();
    expect(carrier.queryByText(/ J$/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Tokyo Marui M4' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/listing\/listing-\d+$/),
    );
    expect(screen.getByRole('link', { name: 'How results are ranked' })).toHaveAttribute(
      'href',
      '/marketplace/how-results-are-ranked',
    );
    expect(calledUrls(fetchMock)).toEqual([`${LISTINGS}?sort=newest&limit=24`]);
    expect(document.title).toBe('Marketplace | Loadout');
  });

  it('puts the trimmed search in the URL, searches by relevance, and removes an empty search', async () => {
    const user = setupUser();
    const fetchMock = mockApi({ [LISTINGS]: page([buildSummary()]) });
    renderRoutes('/marketplace?county=Cork');
    await screen.findByText('1 listing');

    const box = screen.getByRole('searchbox', { name: 'Search the marketplace' });
    await user.type(box, '  glock 17 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(where()).toBe('/marketplace?county=Cork&search=glock+17');
    await screen.findByText('1 listing for “glock 17”');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');

    await user.clear(box);
    await user.type(box, '   {Enter}');
    expect(where()).toBe('/marketplace?county=Cork');

    expect(calledUrls(fetchMock)).toEqual([
      `${LISTINGS}?county=Cork&sort=newest&limit=24`,
      `${LISTINGS}?search=glock+17&county=Cork&sort=relevance&limit=24`,
      // Back on the first query (stale in the test client): fetched again.
      `${LISTINGS}?county=Cork&sort=newest&limit=24`,
    ]);
  });

  it('maps the filters and sort to the URL and the API, price in euro to cents', async () => {
    const user = setupUser();
    const fetchMock = mockApi({ [LISTINGS]: page([buildSummary()]) });
    renderRoutes('/marketplace');
    await screen.findByText('1 listing');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'pistols');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'like_new');
    await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), 'Kerry');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery' }), 'post');
    await user.type(screen.getByRole('textbox', { name: 'Minimum price in euro' }), '50');
    await user.type(screen.getByRole('textbox', { name: 'Maximum price in euro' }), '199.99');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');

    expect(where()).toBe(
      '/marketplace?category=pistols&condition=like_new&county=Kerry&delivery=post&minPrice=50&maxPrice=199.99&sort=price_asc',
    );
    await waitFor(() =>
      expect(calledUrls(fetchMock).at(-1)).toBe(
        `${LISTINGS}?category=pistols&condition=like_new&county=Kerry&minPriceCents=5000&maxPriceCents=19999&delivery=post&sort=price_asc&limit=24`,
      ),
    );
  });

  it('reads the filters from a shared URL', async () => {
    const fetchMock = mockApi({ [LISTINGS]: page([buildSummary()]) });
    renderRoutes('/marketplace?category=optics&delivery=collection&maxPrice=80&sort=price_desc');
    await screen.findByText('1 listing');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('optics');
    expect(screen.getByRole('combobox', { name: 'Delivery' })).toHaveValue('collection');
    expect(screen.getByRole('textbox', { name: 'Maximum price in euro' })).toHaveValue('80');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
    expect(calledUrls(fetchMock)).toEqual([
      `${LISTINGS}?category=optics&maxPriceCents=8000&delivery=collection&sort=price_desc&limit=24`,
    ]);
  });

  it('refuses a price range that is not in euro or upside down', async () => {
    const user = setupUser();
    mockApi({ [LISTINGS]: page([buildSummary()]) });
    renderRoutes('/marketplace');
    await screen.findByText('1 listing');
    const min = screen.getByRole('textbox', { name: 'Minimum price in euro' });
    await user.type(min, 'cheap');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(min).toHaveAccessibleDescription('Enter an amount in euro, e.g. 50 or 49.99.');
    expect(min).toHaveFocus();

    await user.clear(min);
    await user.type(min, '100');
    await user.type(screen.getByRole('textbox', { name: 'Maximum price in euro' }), '20');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(screen.getByText('The maximum must not be below the minimum.')).toBeInTheDocument();
    expect(where()).toBe('/marketplace');
  });

  it('loads more with the cursor, appends the results and moves focus to the first new one', async () => {
    const user = setupUser();
    const fetchMock = mockApi({
      [LISTINGS]: (url: URL) =>
        url.searchParams.get('cursor') === 'c2'
          ? page([buildSummary({ title: 'Second page item' })], null, 2)
          : page([buildSummary({ title: 'First page item' })], 'c2', 2),
    });
    renderRoutes('/marketplace');
    await screen.findByRole('link', { name: 'First page item' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const second = await screen.findByRole('link', { name: 'Second page item' });
    expect(screen.getByRole('link', { name: 'First page item' })).toBeInTheDocument();
    await waitFor(() => expect(second).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calledUrls(fetchMock)).toEqual([
      `${LISTINGS}?sort=newest&limit=24`,
      `${LISTINGS}?sort=newest&cursor=c2&limit=24`,
    ]);
  });

  it('shows an empty state whose "Clear filters" keeps the search', async () => {
    const user = setupUser();
    mockApi({
      [LISTINGS]: (url: URL) =>
        url.searchParams.has('county') ? page([]) : page([buildSummary({ title: 'Any vest' })]),
    });
    renderRoutes('/marketplace?search=vest&county=Leitrim');
    expect(
      await screen.findByRole('heading', { name: 'No listings match “vest”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('0 listings for “vest”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(where()).toBe('/marketplace?search=vest');
    expect(await screen.findByRole('link', { name: 'Any vest' })).toBeInTheDocument();
  });

  it('shows the error with a Retry that fetches again', async () => {
    const user = setupUser();
    let calls = 0;
    const fetchMock = mockApi({
      [LISTINGS]: () => {
        calls += 1;
        return calls === 1
          ? errorResponse(503, 'GATEWAY.UPSTREAM_UNAVAILABLE', 'Listings are unavailable.')
          : page([buildSummary({ title: 'Back again' })]);
      },
    });
    renderRoutes('/marketplace');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Listings could not be loaded');
    expect(alert).toHaveTextContent('Listings are unavailable.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toHaveLength(2);
  });

  it('focuses the search box on /search', async () => {
    mockApi({ [LISTINGS]: page([]) });
    renderRoutes('/search');
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the marketplace' })).toHaveFocus();
    expect(await screen.findByRole('heading', { name: 'No listings yet' })).toBeInTheDocument();
  });
});

describe('favourite hearts on results', () => {
  it('asks a signed-out visitor to sign in and comes back to the same page', async () => {
    const user = setupUser();
    const login = jest.fn(() => Promise.resolve());
    const fetchMock = mockApi({ [LISTINGS]: page([buildSummary({ title: 'Glock 17' })]) });
    renderRoutes('/marketplace?county=Cork', { session: createSession('signed-out', { login }) });
    await user.click(await screen.findByRole('button', { name: 'Favourite Glock 17' }));

    const dialog = screen.getByRole('dialog', { name: 'Sign in to save favourites' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(login).toHaveBeenCalledWith({ redirectTo: '/marketplace?county=Cork' });
    expect(calledUrls(fetchMock, '/api/v1/favorites')).toEqual([]);
  });

  it('fills the heart at once and rolls back with a toast when the API refuses', async () => {
    const user = setupUser();
    let answerPut: (response: Response) => void = () => undefined;
    const listing = buildSummary({ title: 'Glock 17' });
    const fetchMock = mockApi({
      [LISTINGS]: page([listing]),
      '/api/v1/favorites/ids': { ids: [] },
      [`PUT /api/v1/favorites/${listing.id}`]: () =>
        new Promise<Response>((resolve) => {
          answerPut = resolve;
        }),
    });
    renderRoutes('/marketplace', { session: createSession(BUYER) });
    const heart = await screen.findByRole('button', { name: 'Favourite Glock 17' });
    await waitFor(() => expect(calledUrls(fetchMock, '/api/v1/favorites/ids')).toHaveLength(1));
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');

    act(() => answerPut(errorResponse(503, 'LISTINGS.UNAVAILABLE', 'Try again in a minute.')));
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    await expectToast('Favourites could not be updated');
  });

  it('keeps the heart filled when the API saves the favourite', async () => {
    const user = setupUser();
    const listing = buildSummary({ title: 'Glock 17' });
    let saved = false;
    mockApi({
      [LISTINGS]: page([listing]),
      '/api/v1/favorites/ids': () => ({ ids: saved ? [listing.id] : [] }),
      [`PUT /api/v1/favorites/${listing.id}`]: () => {
        saved = true;
        return jsonResponse(200, { listingId: listing.id, favorite: true, favoriteCount: 4 });
      },
    });
    renderRoutes('/marketplace', { session: createSession(BUYER) });
    const heart = await screen.findByRole('button', { name: 'Favourite Glock 17' });
    await user.click(heart);
    await waitFor(() => expect(saved).toBe(true));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });
});
