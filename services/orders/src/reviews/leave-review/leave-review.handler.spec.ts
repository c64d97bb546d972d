import { type AuthUser } from '@loadout/auth';
import { UnitOfWork, type Tx } from '@loadout/service-kit';
import { DEFAULT_REVIEW_RULES, type Review, type ReviewableOrder } from '../domain/review';
import {
  ReviewRepository,
  type ReviewChangeMeta,
  type ReviewsPage,
} from '../domain/review-repository.port';
import { LeaveReviewHandler } from './leave-review.handler';

/** The port in memory: what the handler asks for and saves, nothing more. */
class InMemoryReviews extends ReviewRepository {
  readonly rows: Review[] = [];
  readonly published: { reviews: Review[]; meta: ReviewChangeMeta }[] = [];
  constructor(private readonly order: ReviewableOrder) {
    super();
  }
  lockOrder = async (_tx: Tx, id: string) => (id === this.order.id ? this.order : null);
  findOrder = this.lockOrder;
  forOrder = async (_tx: Tx, id: string) => this.rows.filter((r) => r.orderId === id);
  insert = async (_tx: Tx, r: Review) => void this.rows.push(r);
  publish = async (_tx: Tx, reviews: readonly Review[], meta: ReviewChangeMeta) => {
    if (reviews.length) this.published.push({ reviews: [...reviews], meta });
  };
  lock = async (_tx: Tx, id: string) => this.rows.find((r) => r.id === id) ?? null;
  saveReply = async () => undefined;
  claimDue = async () => null;
  publishedAbout = async (): Promise<ReviewsPage> => ({ items: [], nextCursor: null });
  ratingOf = async () => ({ count: 0, sum: 0 });
}

class ImmediateUnitOfWork extends UnitOfWork {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return work({} as Tx);
  }
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return work({} as Tx);
  }
}

const user = (id: string) => ({ id, roles: ['user'] }) as unknown as AuthUser;

describe('LeaveReviewHandler', () => {
  const setup = (status: ReviewableOrder['status'] = 'completed') => {
    const repo = new InMemoryReviews({
      id: 'o1',
      listingId: 'l1',
      listingTitle: 'Tokyo Marui M4',
      buyerId: 'buyer',
      sellerId: 'seller',
      status,
      completedAt: new Date(Date.now() - 86_400_000),
    });
    const handler = new LeaveReviewHandler(new ImmediateUnitOfWork(), repo, DEFAULT_REVIEW_RULES);
    return { repo, handler };
  };

  it('stores a first review hidden and publishes nothing', async () => {
    const { repo, handler } = setup();
    const view = await handler.leave('o1', { rating: 4, comment: 'Grand' }, user('buyer'), 'req-1');
    expect(view).toMatchObject({ rating: 4, comment: 'Grand', publishedAt: null });
    expect(repo.rows).toHaveLength(1);
    expect(repo.published).toEqual([]);
  });

  it("publishes both with the second party's id and request id", async () => {
    const { repo, handler } = setup();
    await handler.leave('o1', { rating: 4 }, user('buyer'));
    const view = await handler.leave('o1', { rating: 5 }, user('seller'), 'req-2');
    expect(view.publishedAt).not.toBeNull();
    expect(repo.published).toHaveLength(1);
    expect(repo.published[0]!.meta).toEqual({ actorId: 'seller', requestId: 'req-2' });
    expect(repo.published[0]!.reviews.map((r) => r.authorRole)).toEqual(['seller', 'buyer']);
  });

  it('saves nothing when the order is not completed', async () => {
    const { repo, handler } = setup('shipped');
    await expect(handler.leave('o1', { rating: 4 }, user('buyer'))).rejects.toMatchObject({
      code: 'ORDERS.REVIEW_ORDER_NOT_COMPLETED',
    });
    expect(repo.rows).toEqual([]);
  });
});
