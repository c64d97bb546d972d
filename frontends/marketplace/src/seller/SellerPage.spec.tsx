import { type ReviewView } from '@loadout/contracts';
import { createSession, onReportRequest, type ReportSubject } from '@loadout/web';
import { screen, within } from '@testing-library/react';
import {
  SELLER_USER,
  buildListing,
  buildSeller,
  buildSummary,
  calledUrls,
  errorResponse,
  expectToast,
  mockApi,
  page,
  renderRoutes,
  setupUser,
} from '../test-utils';

describe('SellerPage', () => {
  it("shows the seller (from a listing's detail) and their active listings", async () => {
    const first = buildSummary({ id: 'l1', title: 'Sniper rifle' });
    const fetchMock = mockApi({
      '/api/v1/listings': page([first, buildSummary({ title: 'Ghillie suit' })], null, 2),
      '/api/v1/listings/l1': buildListing({
        id: 'l1',
        seller: buildSeller({ displayName: 'Ciarán', sellerType: 'trader', county: 'Cork' }),
      }),
    });
    renderRoutes(`/seller/${SELLER_USER.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ciarán' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Seller: Ciarán' });
    expect(within(card).getByText('Trader')).toBeInTheDocument();
    expect(within(card).getByText('Member since Nov 2024')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /listings/ })).toBeNull();
    expect(screen.getByText('2 listings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ghillie suit' })).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toEqual([
      `/api/v1/users/${SELLER_USER.id}/reviews?limit=10`,
      `/api/v1/listings?sellerId=${SELLER_USER.id}&sort=newest&limit=24`,
      '/api/v1/listings/l1',
    ]);
    expect(document.title).toBe("Ciarán's listings | Loadout");
  });

  it('shows a neutral header when the seller has no listings', async () => {
    const fetchMock = mockApi({
      '/api/v1/listings': page([]),
      '/api/v1/users/nobody/reviews': NO_REVIEWS,
    });
    renderRoutes('/seller/nobody');
    expect(await screen.findByRole('heading', { name: 'No active listings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Seller' })).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toEqual([
      '/api/v1/users/nobody/reviews?limit=10',
      '/api/v1/listings?sellerId=nobody&sort=newest&limit=24',
    ]);
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument();
  });

  it('shows the rating summary on the card and the reviews newest first, paged', async () => {
    const reviews = `/api/v1/users/${SELLER_USER.id}/reviews`;
    const fetchMock = mockApi({
      '/api/v1/listings': page([buildSummary({ id: 'l1' })], null, 1),
      '/api/v1/listings/l1': buildListing({
        id: 'l1',
        seller: buildSeller({ displayName: 'Ciarán' }),
      }),
      [reviews]: (url: URL) =>
        url.searchParams.get('cursor') === 'c2'
          ? {
              summary: { average: 4.33, count: 3 },
              items: [review('r3', 3, 'Slow post')],
              nextCursor: null,
            }
          : {
              summary: { average: 4.33, count: 3 },
              items: [
                review('r1', 5, 'Grand job', {
                  text: 'Thanks!',
                  createdAt: '2026-11-27T10:00:00Z',
                }),
                review('r2', 5, null),
              ],
              nextCursor: 'c2',
            },
    });
    renderRoutes(`/seller/${SELLER_USER.id}`);

    const card = await screen.findByRole('region', { name: 'Seller: Ciarán' });
    expect(await within(card).findByText('Rated 4.33 out of 5')).toBeInTheDocument();
    expect(within(card).getByText(/\(3 reviews\)/)).toBeInTheDocument();
    const section = within(screen.getByRole('heading', { name: 'Reviews' }).closest('section')!);
    const items = section.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Grand job');
    expect(items[0]).toHaveTextContent("Seller's reply: Thanks!");
    expect(within(items[0]!).getByText('Rated 5 out of 5')).toBeInTheDocument();

    await setupUser().click(section.getByRole('button', { name: 'More reviews' }));
    expect(await section.findByText('Slow post')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'More reviews' })).toBeNull();
    expect(calledUrls(fetchMock, reviews)).toEqual([
      `${reviews}?limit=10`,
      `${reviews}?cursor=c2&limit=10`,
    ]);
  });

  it('lets the reviewed seller reply once, publicly, from their own page', async () => {
    const reviews = `/api/v1/users/${SELLER_USER.id}/reviews`;
    let replied = false;
    const fetchMock = mockApi({
      '/api/v1/listings': page([]),
      [reviews]: () => ({
        summary: { average: 2, count: 1 },
        items: [
          review(
            'r1',
            2,
            'Slow post',
            replied ? { text: 'Sorry!', createdAt: '2026-11-27T10:00:00Z' } : null,
          ),
        ],
        nextCursor: null,
      }),
      'POST /api/v1/reviews/r1/reply': () => {
        replied = true;
        return review('r1', 2, 'Slow post', { text: 'Sorry!', createdAt: '2026-11-27T10:00:00Z' });
      },
    });
    renderRoutes(`/seller/${SELLER_USER.id}`, { session: createSession(SELLER_USER) });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Reply publicly' }));
    const field = screen.getByLabelText('Your public reply');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Write a reply.')).toBeVisible();
    await user.type(field, 'Sorry!');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await expectToast('Reply posted');
    expect(calledUrls(fetchMock, '/api/v1/reviews/r1/reply')).toHaveLength(1);
    expect(await screen.findByText(/Seller's reply:/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply publicly' })).toBeNull();
  });

  it('offers no reply to visitors', async () => {
    mockApi({
      '/api/v1/listings': page([]),
      [`/api/v1/users/${SELLER_USER.id}/reviews`]: {
        summary: { average: 2, count: 1 },
        items: [review('r1', 2, 'Slow post')],
        nextCursor: null,
      },
    });
    renderRoutes(`/seller/${SELLER_USER.id}`);
    expect(await screen.findByText('Slow post')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply publicly' })).toBeNull();
  });

  it('shows a reviews failure with a retry, the listings still shown', async () => {
    let fail = true;
    mockApi({
      '/api/v1/listings': page([]),
      '/api/v1/users/nobody/reviews': () =>
        fail ? errorResponse(503, 'COMMON.UNAVAILABLE', 'Try again shortly.') : NO_REVIEWS,
    });
    renderRoutes('/seller/nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent('The reviews could not be loaded');
    expect(screen.getByRole('heading', { name: 'No active listings' })).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument();
  });
  it("asks the shell's report dialog about the seller's profile, except on your own page", async () => {
    const first = buildSummary({ id: 'l1', title: 'Sniper rifle' });
    const routes = {
      '/api/v1/listings': page([first], null, 1),
      '/api/v1/listings/l1': buildListing({
        id: 'l1',
        seller: buildSeller({ displayName: 'Ciarán', username: 'ciaran_cork' }),
      }),
    };
    mockApi(routes);
    const user = setupUser();
    const { unmount } = renderRoutes(`/seller/${SELLER_USER.id}`);
    const asked: ReportSubject[] = [];
    const stop = onReportRequest((subject) => asked.push(subject));
    try {
      await user.click(await screen.findByRole('button', { name: 'Report seller' }));
    } finally {
      stop();
    }
    expect(asked).toEqual([{ type: 'profile', id: 'ciaran_cork', label: '@ciaran_cork' }]);
    unmount();

    mockApi(routes);
    renderRoutes(`/seller/${SELLER_USER.id}`, { session: createSession(SELLER_USER) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciarán' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report seller' })).toBeNull();
  });
});

const NO_REVIEWS = { summary: { average: null, count: 0 }, items: [], nextCursor: null };

function review(
  id: string,
  rating: number,
  comment: string | null,
  reply: ReviewView['reply'] = null,
): ReviewView {
  return {
    id,
    orderId: `o-${id}`,
    listingTitle: 'Tokyo Marui M4',
    authorId: 'buyer-1',
    authorRole: 'buyer',
    subjectId: SELLER_USER.id,
    subjectRole: 'seller',
    rating,
    comment,
    createdAt: '2026-11-26T10:00:00Z',
    publishedAt: '2026-11-26T10:00:00Z',
    reply,
  };
}
