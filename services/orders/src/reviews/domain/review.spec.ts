import {
  DEFAULT_REVIEW_RULES,
  canRead,
  leaveReview,
  publishAtWindowClose,
  ratingSummary,
  replyToReview,
  type Review,
  type ReviewableOrder,
} from './review';

const completedAt = new Date('2026-11-01T10:00:00.000Z');
const day = (n: number) => new Date(completedAt.getTime() + n * 86_400_000);
const rules = DEFAULT_REVIEW_RULES;

const order = (over: Partial<ReviewableOrder> = {}): ReviewableOrder => ({
  id: 'order-1',
  listingId: 'listing-1',
  listingTitle: 'Tokyo Marui M4',
  buyerId: 'buyer',
  sellerId: 'seller',
  status: 'completed',
  completedAt,
  ...over,
});

const leave = (
  userId: string,
  existing: Review[] = [],
  now = day(1),
  input: { rating: number; comment?: string | null } = { rating: 5, comment: 'Great' },
  o: ReviewableOrder | null = order(),
) => leaveReview(o, userId, input, existing, { reviewId: `r-${userId}` }, now, rules);

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code: string }).code;
  }
  return 'no error';
};

describe('leaving a review', () => {
  it('lets the buyer review the seller, hidden until the seller reviews', () => {
    const { review, publish } = leave('buyer');
    expect(review).toMatchObject({
      authorRole: 'buyer',
      subjectId: 'seller',
      subjectRole: 'seller',
      rating: 5,
      comment: 'Great',
      publishedAt: null,
      windowClosesAt: day(30),
    });
    expect(publish).toEqual([]);
  });

  it('lets the seller review the buyer', () => {
    expect(leave('seller').review).toMatchObject({ subjectId: 'buyer', subjectRole: 'buyer' });
  });

  it('publishes both reviews when the second party reviews', () => {
    const first = leave('buyer').review;
    const { review, publish } = leave('seller', [first], day(2));
    expect(review.publishedAt).toEqual(day(2));
    expect(publish.map((r) => [r.authorRole, r.publishedAt])).toEqual([
      ['seller', day(2)],
      ['buyer', day(2)],
    ]);
  });

  it('refuses an order that is not completed', () => {
    for (const status of ['paid', 'shipped', 'cancelled', 'refunded', 'disputed'] as const)
      expect(codeOf(() => leave('buyer', [], day(1), undefined, order({ status })))).toBe(
        'ORDERS.REVIEW_ORDER_NOT_COMPLETED',
      );
  });

  it('refuses a second review by the same side', () => {
    const first = leave('buyer').review;
    expect(codeOf(() => leave('buyer', [first]))).toBe('ORDERS.REVIEW_ALREADY_LEFT');
  });

  it('refuses a review once the 30-day window has closed', () => {
    expect(leave('buyer', [], new Date(day(30).getTime() - 1)).review.rating).toBe(5);
    expect(codeOf(() => leave('buyer', [], day(30)))).toBe('ORDERS.REVIEW_WINDOW_CLOSED');
  });

  it('answers a stranger or an unknown order as not found', () => {
    expect(codeOf(() => leave('stranger'))).toBe('ORDERS.NOT_FOUND');
    expect(codeOf(() => leave('buyer', [], day(1), undefined, null))).toBe('ORDERS.NOT_FOUND');
  });

  it('takes 1 to 5 whole stars only', () => {
    for (const rating of [0, 6, 2.5, Number.NaN])
      expect(codeOf(() => leave('buyer', [], day(1), { rating }))).toBe('ORDERS.REVIEW_INVALID');
    expect(leave('buyer', [], day(1), { rating: 1 }).review.rating).toBe(1);
  });

  it('takes a comment of up to 1,000 characters, blank meaning none', () => {
    expect(
      leave('buyer', [], day(1), { rating: 4, comment: 'é'.repeat(1000) }).review.comment,
    ).toHaveLength(1000);
    expect(codeOf(() => leave('buyer', [], day(1), { rating: 4, comment: 'x'.repeat(1001) }))).toBe(
      'ORDERS.REVIEW_INVALID',
    );
    expect(leave('buyer', [], day(1), { rating: 4, comment: '   ' }).review.comment).toBeNull();
  });
});

describe('publication when the window closes', () => {
  it('publishes a lone review at the end of the window, not before', () => {
    const lone = leave('buyer').review;
    expect(publishAtWindowClose(lone, new Date(day(30).getTime() - 1))).toBeNull();
    expect(publishAtWindowClose(lone, day(30))?.publishedAt).toEqual(day(30));
  });

  it('leaves an already published review alone', () => {
    const { publish } = leave('seller', [leave('buyer').review], day(2));
    expect(publishAtWindowClose(publish[0]!, day(31))).toBeNull();
  });

  it('shows a hidden review to its author only', () => {
    const hidden = leave('buyer').review;
    expect(canRead(hidden, 'buyer')).toBe(true);
    expect(canRead(hidden, 'seller')).toBe(false);
    expect(canRead(hidden, null)).toBe(false);
    expect(canRead({ ...hidden, publishedAt: day(2) }, null)).toBe(true);
  });
});

describe('the seller reply', () => {
  const published = { ...leave('buyer').review, publishedAt: day(3) };

  it('lets the reviewed seller reply once', () => {
    const replied = replyToReview(published, 'seller', ' Thanks! ', day(4));
    expect(replied).toMatchObject({ replyText: 'Thanks!', repliedAt: day(4) });
    expect(codeOf(() => replyToReview(replied, 'seller', 'Again', day(5)))).toBe(
      'ORDERS.REVIEW_REPLY_ALREADY_LEFT',
    );
  });

  it('refuses anyone else, and a reply on a review of a buyer', () => {
    expect(codeOf(() => replyToReview(published, 'buyer', 'Hi', day(4)))).toBe(
      'ORDERS.REVIEW_REPLY_NOT_ALLOWED',
    );
    const ofBuyer = { ...leave('seller').review, publishedAt: day(3) };
    expect(codeOf(() => replyToReview(ofBuyer, 'buyer', 'Hi', day(4)))).toBe(
      'ORDERS.REVIEW_REPLY_NOT_ALLOWED',
    );
  });

  it('answers a hidden review as not found to the seller', () => {
    expect(codeOf(() => replyToReview(leave('buyer').review, 'seller', 'Hi', day(4)))).toBe(
      'ORDERS.REVIEW_NOT_FOUND',
    );
  });

  it('refuses an empty or over-long reply', () => {
    expect(codeOf(() => replyToReview(published, 'seller', '  ', day(4)))).toBe(
      'ORDERS.REVIEW_INVALID',
    );
    expect(codeOf(() => replyToReview(published, 'seller', 'x'.repeat(1001), day(4)))).toBe(
      'ORDERS.REVIEW_INVALID',
    );
  });
});

describe('rating summary', () => {
  it('averages to 2 decimals and counts', () => {
    expect(ratingSummary(3, 14)).toEqual({ average: 4.67, count: 3 });
    expect(ratingSummary(2, 9)).toEqual({ average: 4.5, count: 2 });
    expect(ratingSummary(0, 0)).toEqual({ average: null, count: 0 });
  });
});
