import { type ListingSummaryDto } from '@loadout/contracts';
import { onReportRequest, type ReportSubject } from '@loadout/web';
import { screen, within } from '@testing-library/react';
import { type AccountSession } from '../use-account-session';
import {
  buildPublicProfile,
  buildSession,
  buildUser,
  errorResponse,
  installFetch,
  jsonResponse,
  renderRoutes,
  setupUser,
  type FetchMock,
} from '../test-utils';

let mockSession: AccountSession;
jest.mock('../use-account-session', () => ({ useAccountSession: () => mockSession }));

let fetchMock: FetchMock;

beforeEach(() => {
  mockSession = buildSession();
  fetchMock = installFetch();
});

const PROFILE_ID = 'u_000000000000000002b';

function listing(overrides: Partial<ListingSummaryDto> = {}): ListingSummaryDto {
  return {
    id: 'l1',
    title: 'Tokyo Marui VSR-10',
    priceCents: 18000,
    category: 'sniper_rifles',
    condition: 'good',
    county: 'Cork',
    status: 'active',
    joules: 0.95,
    shipping: { postageCents: 900, collection: true },
    thumbUrl: 'https://img.example/l1-400.webp',
    favoriteCount: 0,
    sellerId: PROFILE_ID,
    publishedAt: '2025-03-01T10:00:00Z',
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

const noReviews = () =>
  jsonResponse(200, { summary: { average: null, count: 0 }, items: [], nextCursor: null });

/** Answers the profile, the listings with `listings` and the reviews with `reviews`. */
function answer(profile: Response, listings: () => Response, reviews: () => Response = noReviews) {
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve(
      url.startsWith('/api/v1/listings')
        ? listings()
        : url.includes('/reviews')
          ? reviews()
          : profile,
    ),
  );
}

const noListings = () => jsonResponse(200, { items: [], nextCursor: null, total: 0 });

describe('PublicProfilePage', () => {
  it('shows the public profile', async () => {
    answer(jsonResponse(200, buildPublicProfile()), noListings);
    renderRoutes('/profile/cork.sniper');
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciarán' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/users/cork.sniper');
    expect(screen.getByText('@cork.sniper')).toBeInTheDocument();
    expect(screen.getByText('Woodland player, mostly bolt-action.')).toBeInTheDocument();
    expect(screen.getByText('Mallow, Co. Cork')).toBeInTheDocument();
    expect(screen.getAllByText('Trader').length).toBeGreaterThan(0);
    expect(screen.getByText('Member since Nov 2024')).toBeInTheDocument();
    const listings = screen.getByRole('region', { name: 'Listings' });
    expect(
      await within(listings).findByText('Ciarán has nothing for sale right now.'),
    ).toBeVisible();
    expect(within(listings).queryByRole('link', { name: /See all/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit your profile' })).toBeNull();
    expect(document.title).toBe('Ciarán (@cork.sniper) | Loadout');
  });

  it('labels private sellers and links owners to their edit page', async () => {
    mockSession = buildSession({
      status: 'signed-in',
      user: buildUser({ username: 'Cork.Sniper' }),
    });
    answer(
      jsonResponse(200, buildPublicProfile({ sellerType: 'private', bio: '', county: null })),
      noListings,
    );
    renderRoutes('/profile/cork.sniper');
    expect(await screen.findAllByText('Private seller')).not.toHaveLength(0);
    expect(screen.getByText('Ciarán has not written a bio yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: 'Report profile' })).toBeNull();
  });

  it("asks the shell's report dialog about someone else's profile", async () => {
    answer(jsonResponse(200, buildPublicProfile()), noListings);
    renderRoutes('/profile/cork.sniper');
    const user = setupUser();
    const asked: ReportSubject[] = [];
    const stop = onReportRequest((subject) => asked.push(subject));
    try {
      await user.click(await screen.findByRole('button', { name: 'Report profile' }));
    } finally {
      stop();
    }
    expect(asked).toEqual([{ type: 'profile', id: 'cork.sniper', label: '@cork.sniper' }]);
  });

  it('shows the not-found state', async () => {
    fetchMock.mockResolvedValue(errorResponse(404, 'IDENTITY.USER_NOT_FOUND', 'No such user.'));
    renderRoutes('/profile/nobody');
    expect(await screen.findByText('This user could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/users/nobody']);
  });
});

describe('PublicProfilePage listings', () => {
  it("lists the member's active listings by their id, with a link to all of them", async () => {
    answer(jsonResponse(200, buildPublicProfile()), () =>
      jsonResponse(200, {
        items: [listing(), listing({ id: 'l2', title: 'Ghillie suit', priceCents: 4550 })],
        nextCursor: 'next',
        total: 14,
      }),
    );
    renderRoutes('/profile/cork.sniper');
    const region = await screen.findByRole('region', { name: 'Listings' });
    expect(within(region).getByRole('status', { name: 'Loading listings' })).toBeInTheDocument();
    expect(await within(region).findByRole('link', { name: 'Ghillie suit' })).toHaveAttribute(
      'href',
      '/listing/l2',
    );
    expect(within(region).getByText('€180.00')).toBeInTheDocument();
    expect(within(region).getByText('€45.50')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'See all 14 listings' })).toHaveAttribute(
      'href',
      `/seller/${PROFILE_ID}`,
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/users/cork.sniper',
      `/api/v1/users/${PROFILE_ID}/reviews?limit=10`,
      `/api/v1/listings?sellerId=${PROFILE_ID}&limit=12`,
    ]);
  });

  it('shows a listings error with a Retry', async () => {
    const user = setupUser();
    let calls = 0;
    answer(jsonResponse(200, buildPublicProfile()), () => {
      calls += 1;
      return calls === 1
        ? errorResponse(503, 'GATEWAY.UPSTREAM_UNAVAILABLE', 'Listings are unavailable.')
        : jsonResponse(200, { items: [listing()], nextCursor: null, total: 1 });
    });
    renderRoutes('/profile/cork.sniper');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Listings are unavailable.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Tokyo Marui VSR-10' })).toBeInTheDocument();
  });
});

describe('PublicProfilePage rating', () => {
  it("shows the member's rating with a link to the reviews", async () => {
    answer(jsonResponse(200, buildPublicProfile()), noListings, () =>
      jsonResponse(200, { summary: { average: 4.5, count: 2 }, items: [], nextCursor: 'x' }),
    );
    renderRoutes('/profile/cork.sniper');
    expect(await screen.findByText('Rated 4.5 out of 5')).toBeInTheDocument();
    expect(screen.getByText(/\(2 reviews\)/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read the reviews' })).toHaveAttribute(
      'href',
      `/seller/${PROFILE_ID}`,
    );
  });

  it('says when there are no reviews yet, and when the rating could not be loaded', async () => {
    answer(jsonResponse(200, buildPublicProfile()), noListings);
    const { unmount } = renderRoutes('/profile/cork.sniper');
    expect(await screen.findByText('No reviews yet')).toBeVisible();
    unmount();

    answer(jsonResponse(200, buildPublicProfile()), noListings, () =>
      errorResponse(503, 'GATEWAY.UPSTREAM_UNAVAILABLE', 'Orders are unavailable.'),
    );
    renderRoutes('/profile/cork.sniper');
    expect(await screen.findByText('The rating could not be loaded.')).toBeVisible();
  });
});
