import { type OrderReviewState, type OrderView, type ReviewView } from '@loadout/contracts';
import { createSession } from '@loadout/web';
import { callsTo, errorResponse, expectToast, mockApi, setupUser } from '@loadout/web/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { BUYER, SELLER, buildOrder, renderRoutes, shipped } from '../test-utils';

const completed = (order: OrderView): OrderView => ({
  ...shipped(order),
  status: 'completed',
  autoReleaseAt: null,
  completedAt: '2026-11-25T09:00:00Z',
});

const state = (over: Partial<OrderReviewState> = {}): OrderReviewState => ({
  orderId: 'o1',
  canReview: true,
  windowClosesAt: '2026-12-25T09:00:00Z',
  mine: null,
  theirs: null,
  ...over,
});

const buildReview = (over: Partial<ReviewView> = {}): ReviewView => ({
  id: 'r1',
  orderId: 'o1',
  listingTitle: 'Tokyo Marui M4',
  authorId: BUYER.id,
  authorRole: 'buyer',
  subjectId: SELLER.id,
  subjectRole: 'seller',
  rating: 4,
  comment: 'Well packed',
  createdAt: '2026-11-26T09:00:00Z',
  publishedAt: null,
  reply: null,
  ...over,
});

const panel = async () =>
  within((await screen.findByRole('heading', { name: 'Review' })).closest('section')!);

describe('reviews on a completed order', () => {
  it('lets the buyer rate the seller from the keyboard and says the review stays hidden', async () => {
    let answer = state();
    const api = mockApi({
      '/api/v1/orders': { items: [completed(buildOrder({ id: 'o1' }))], nextCursor: null },
      '/api/v1/orders/o1/review': () => answer,
      'POST /api/v1/orders/o1/review': () => {
        answer = state({ canReview: false, mine: buildReview({ comment: 'Well packed' }) });
        return answer.mine;
      },
    });
    renderRoutes('/buyer-dashboard');
    const review = await panel();
    const user = setupUser();

    const form = await review.findByRole('form', { name: 'Review the seller of Tokyo Marui M4' });
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
    expect(within(form).getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(callsTo(api, 'POST /api/v1/orders/o1/review')).toHaveLength(0);

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(within(form).getByLabelText('Comment (optional)'), '  Well packed ');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));

    await expectToast('Thank you for your review');
    expect(callsTo(api, 'POST /api/v1/orders/o1/review')[0]!.body).toEqual({
      rating: 4,
      comment: 'Well packed',
    });
    expect(await review.findByText('Your review')).toBeVisible();
    expect(review.getByText('Rated 4 out of 5')).toBeInTheDocument();
    expect(review.getByText(/Only you can see it until the seller reviews you/)).toBeVisible();
    expect(review.queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows the seller the buyer's published review beside their own", async () => {
    mockApi({
      '/api/v1/orders': { items: [completed(buildOrder({ id: 'o1' }))], nextCursor: null },
      '/api/v1/orders/o1/review': state({
        canReview: false,
        mine: buildReview({
          id: 'r2',
          authorRole: 'seller',
          subjectRole: 'buyer',
          rating: 5,
          comment: 'Paid at once',
          publishedAt: '2026-11-27T09:00:00Z',
        }),
        theirs: buildReview({
          rating: 3,
          comment: 'Slow post',
          publishedAt: '2026-11-27T09:00:00Z',
        }),
      }),
    });
    renderRoutes('/seller-dashboard', { session: createSession(SELLER) });
    const review = await panel();
    expect(await review.findByText("The buyer's review of you")).toBeVisible();
    expect(review.getByText('Slow post')).toBeVisible();
    expect(review.getByText('Rated 3 out of 5')).toBeInTheDocument();
    expect(review.getByText('Published.')).toBeVisible();
  });

  it('shows a refusal as a toast and a load failure with a retry', async () => {
    let fail = true;
    mockApi({
      '/api/v1/orders': { items: [completed(buildOrder({ id: 'o1' }))], nextCursor: null },
      '/api/v1/orders/o1/review': () =>
        fail ? errorResponse(503, 'COMMON.UNAVAILABLE', 'Try again shortly.') : state(),
      'POST /api/v1/orders/o1/review': () =>
        errorResponse(
          409,
          'ORDERS.REVIEW_WINDOW_CLOSED',
          'The time to review this order has ended.',
        ),
    });
    renderRoutes('/buyer-dashboard');
    const review = await panel();
    const user = setupUser();
    expect(await review.findByRole('alert')).toHaveTextContent("We couldn't load the review");
    fail = false;
    await user.click(review.getByRole('button', { name: 'Try again' }));
    await user.click(await review.findByRole('radio', { name: '5 stars' }));
    await user.click(review.getByRole('button', { name: 'Submit review' }));
    await expectToast('Your review was not saved', 'The time to review this order has ended.');
  });

  it('shows no review section before the order is completed', async () => {
    const api = mockApi({
      '/api/v1/orders': { items: [shipped(buildOrder({ id: 'o1' }))], nextCursor: null },
    });
    renderRoutes('/buyer-dashboard');
    await screen.findByRole('heading', { name: 'Tokyo Marui M4' });
    expect(screen.queryByRole('heading', { name: 'Review' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(api, 'GET /api/v1/orders/o1/review')).toHaveLength(0));
  });
});
