import { type ListingSummaryDto } from '@loadout/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, jsonResponse, mockApi, renderWithProviders } from '../test-utils';
import { HomePage } from './HomePage';

function featured(n: number): ListingSummaryDto[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `f${i + 1}`,
    title: `Featured item ${i + 1}`,
    priceCents: 10000 + i * 50,
    category: i % 2 === 0 ? 'aeg_rifles' : 'optics',
    condition: 'good',
    county: 'Dublin',
    status: 'active',
    joules: null,
    shipping: { postageCents: 800, collection: false },
    thumbUrl: null,
    favoriteCount: 0,
    sellerId: 's1',
    publishedAt: '2025-03-01T10:00:00Z',
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
  }));
}

const API = {
  '/api/v1/fields/stats': { count: 12 },
  '/api/v1/listings/stats': { activeListings: 340 },
  '/api/v1/listings/featured': { items: featured(3) },
};

/** Mocks `window.matchMedia`; `reduced` answers the prefers-reduced-motion query. */
function mockReducedMotion(reduced: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduced && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

const ticker = () => screen.getByRole('link', { name: /Featured item 1/ }).closest('.home-ticker')!;

afterEach(() => {
  // jsdom has no matchMedia; each test installs the one it needs.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('HomePage', () => {
  it('shows the hero and the counts of active listings and playing fields as N+', async () => {
    const fetchMock = mockApi(API);
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: "Loadout — Ireland's airsoft marketplace" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('status', { name: 'Loading the number of active listings' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('status', { name: 'Loading the number of playing fields' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('340+')).toBeInTheDocument();
    expect(screen.getByText('340+').parentElement).toHaveTextContent('340+ active listings');
    expect(await screen.findByText('12+')).toBeInTheDocument();
    expect(screen.getByText('12+').parentElement).toHaveTextContent('12+ playing fields');
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/listings/stats',
        '/api/v1/fields/stats',
        '/api/v1/listings/featured',
      ]),
    );
    expect(document.title).toBe("Loadout — Ireland's airsoft marketplace");
  });

  it('shows an error with a retry when a count fails', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      ...API,
      '/api/v1/fields/stats': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(503, errorBody('UNAVAILABLE', 'Down'))
          : jsonResponse(200, { count: 3 });
      },
    });
    renderWithProviders(<HomePage />);
    const alert = await screen.findByText('The number of playing fields could not be loaded.');
    await user.click(
      within(alert.closest('[role="alert"]')!).getByRole('button', { name: 'Retry' }),
    );
    expect(await screen.findByText('3+')).toBeInTheDocument();
  });

  it('links the four areas and explains the four steps', () => {
    mockApi(API);
    renderWithProviders(<HomePage />);
    const areas = screen.getByRole('region', { name: 'Explore Loadout' });
    expect(
      within(areas)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Marketplace', '/marketplace'],
      ['Fields', '/fields'],
      ['Tools', '/fps-calculator'],
      ['Guides', '/fps-calculator#education'],
    ]);
    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Browse and buy', 'Escrow protection', 'Safe delivery', 'Confirm and release']);
  });
});

describe('featured listings ticker', () => {
  it('links at most 6 listings with title, category and price, and hides the loop copy', async () => {
    mockReducedMotion(false);
    mockApi({ ...API, '/api/v1/listings/featured': { items: featured(8) } });
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('status', { name: 'Loading featured listings' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Featured listings' });
    const links = within(section)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/listing/'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/listing/f1',
      '/listing/f2',
      '/listing/f3',
      '/listing/f4',
      '/listing/f5',
      '/listing/f6',
    ]);
    expect(links[0]).toHaveTextContent('Featured item 1AEG rifles€100.00');
    expect(links[1]).toHaveTextContent('Featured item 2Optics€100.50');

    // The seamless loop repeats the list once, out of the accessibility tree and the tab order.
    const lists = ticker().querySelectorAll('ul');
    expect(lists).toHaveLength(2);
    expect(lists[1]).toHaveAttribute('aria-hidden', 'true');
    lists[1]!.querySelectorAll('a').forEach((a) => expect(a).toHaveAttribute('tabindex', '-1'));
  });

  it("shows each featured listing's photo, and an empty frame for one without", async () => {
    mockReducedMotion(true);
    const items = featured(2);
    items[0]!.thumbUrl = '/images/f1/thumb.webp';
    mockApi({ ...API, '/api/v1/listings/featured': { items } });
    renderWithProviders(<HomePage />);
    const section = await screen.findByRole('region', { name: 'Featured listings' });
    const [withPhoto, without] = within(section)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/listing/'));
    expect(withPhoto!.querySelector('img')).toHaveAttribute('src', '/images/f1/thumb.webp');
    // The title names the link; the photo adds nothing for a screen reader.
    expect(withPhoto).toHaveAccessibleName('Featured item 1 AEG rifles €100.00');
    expect(without!.querySelector('img')).toBeNull();
    expect(without!.querySelector('.home-ticker__photo--empty')).not.toBeNull();
  });

  it('pauses on hover, on keyboard focus inside and with the Pause button', async () => {
    const user = userEvent.setup();
    mockReducedMotion(false);
    mockApi(API);
    renderWithProviders(<HomePage />);
    await screen.findByRole('region', { name: 'Featured listings' });
    expect(ticker()).toHaveClass('home-ticker--moving');
    expect(ticker()).not.toHaveClass('is-paused');

    await user.hover(ticker());
    expect(ticker()).toHaveClass('is-paused');
    await user.unhover(ticker());
    expect(ticker()).not.toHaveClass('is-paused');

    act(() => screen.getByRole('link', { name: /Featured item 2/ }).focus());
    expect(ticker()).toHaveClass('is-paused');
    act(() => screen.getByRole('link', { name: 'See all listings' }).focus());
    expect(ticker()).not.toHaveClass('is-paused');

    const pause = screen.getByRole('button', { name: 'Pause featured listings' });
    await user.click(pause);
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    expect(ticker()).toHaveClass('is-paused');
  });

  it('is a static list under reduced motion', async () => {
    mockReducedMotion(true);
    mockApi(API);
    renderWithProviders(<HomePage />);
    await screen.findByRole('region', { name: 'Featured listings' });
    expect(ticker()).toHaveClass('home-ticker--static');
    expect(ticker()).not.toHaveClass('home-ticker--moving');
    expect(ticker().querySelectorAll('ul')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
  });

  it('is left out when nothing is featured', async () => {
    mockApi({ ...API, '/api/v1/listings/featured': { items: [] } });
    renderWithProviders(<HomePage />);
    await screen.findByText('340+');
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading featured listings' })).toBeNull(),
    );
    expect(screen.queryByRole('region', { name: 'Featured listings' })).toBeNull();
  });

  it('says when the featured listings could not be loaded, with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      ...API,
      '/api/v1/listings/featured': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(503, errorBody('UNAVAILABLE'))
          : jsonResponse(200, { items: featured(1) });
      },
    });
    renderWithProviders(<HomePage />);
    const message = await screen.findByText('Featured listings could not be loaded.');
    await user.click(within(message.parentElement!).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Featured listings' })).toBeInTheDocument();
  });
});
