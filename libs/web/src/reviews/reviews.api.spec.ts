import { jsonResponse } from '../testing/responses';
import { fetchUserReviews, leaveReview, replyToReview } from './reviews.api';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('reviews API calls', () => {
  it('pages a user’s reviews by cursor, the id encoded', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { summary: { average: null, count: 0 }, items: [], nextCursor: null }),
    );
    await fetchUserReviews('u/1', null);
    await fetchUserReviews('u1', 'c2');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/users/u%2F1/reviews?limit=10',
      '/api/v1/users/u1/reviews?cursor=c2&limit=10',
    ]);
  });

  it('posts a review and a reply as JSON, and surfaces the error code', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'r1' }));
    await leaveReview('o1', { rating: 4, comment: null });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/orders/o1/review');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ rating: 4, comment: null }),
    });

    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, {
        code: 'ORDERS.REVIEW_REPLY_ALREADY_LEFT',
        message: 'You have already replied to this review.',
        requestId: 'r',
      }),
    );
    await expect(replyToReview('r1', { text: 'Thanks' })).rejects.toMatchObject({
      code: 'ORDERS.REVIEW_REPLY_ALREADY_LEFT',
    });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/reviews/r1/reply');
  });
});
