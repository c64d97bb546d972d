import { type DataSource, type EntityManager } from 'typeorm';
import { type ReviewPublishedV1 } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { paymentEntry, releaseEntry, type LedgerEntry } from '../escrow/domain/ledger';
import { orderAmounts } from '../escrow/domain/money';
import { ORDERS_SCHEMA } from '../orders.config';

/**
 * The demo seller of listings' seed (`services/listings/src/seed/demo-listings.ts`,
 * `DEMO_SELLER`): its listings link to `/seller/{id}`, where these reviews show.
 */
export const DEMO_SELLER_ID = 'demo-seller-listings-example';
const DEMO_SELLER_NAME = 'Demo Gear Shop (example)';
const DAY = 86_400_000;

interface DemoSale {
  orderId: string;
  listingId: string;
  title: string;
  buyerId: string;
  itemCents: number;
  postageCents: number;
  /** Days before the seed run that the buyer confirmed delivery. */
  completedDaysAgo: number;
  buyerReview: { id: string; rating: number; comment: string | null };
  sellerReview: { id: string; rating: number; comment: string | null };
}

/**
 * Past sales of the demo seller, clearly fictional: items no longer listed (their listing ids
 * exist in no listings seed, so nothing is marked sold), fictional buyers, and both sides'
 * reviews (published: both reviewed). Fixed 21-character ids make re-running a no-op.
 */
export const DEMO_SALES: readonly DemoSale[] = [
  {
    orderId: 'demo-order-0000000001',
    listingId: 'demo-sold-00000001',
    title: 'Example G36C AEG (demo, sold)',
    buyerId: 'demo-reviewer-example-1',
    itemCents: 19_000,
    postageCents: 1_200,
    completedDaysAgo: 6,
    buyerReview: {
      id: 'demo-review-000000001',
      rating: 5,
      comment: 'Exactly as described, well packed and posted the next day. (demo review)',
    },
    sellerReview: { id: 'demo-review-000000002', rating: 5, comment: 'Quick payment. (demo)' },
  },
  {
    orderId: 'demo-order-0000000002',
    listingId: 'demo-sold-00000002',
    title: 'Example gas pistol holster set (demo, sold)',
    buyerId: 'demo-reviewer-example-2',
    itemCents: 4_500,
    postageCents: 700,
    completedDaysAgo: 14,
    buyerReview: {
      id: 'demo-review-000000003',
      rating: 4,
      comment: 'Good condition, took a few days longer than expected. (demo review)',
    },
    sellerReview: { id: 'demo-review-000000004', rating: 5, comment: null },
  },
  {
    orderId: 'demo-order-0000000003',
    listingId: 'demo-sold-00000003',
    title: 'Example full-face mesh mask (demo, sold)',
    buyerId: 'demo-reviewer-example-3',
    itemCents: 3_000,
    postageCents: 0,
    completedDaysAgo: 25,
    buyerReview: {
      id: 'demo-review-000000005',
      rating: 5,
      comment: 'Met at the field for collection, friendly and honest. (demo review)',
    },
    sellerReview: { id: 'demo-review-000000006', rating: 4, comment: null },
  },
];

export interface DemoReviewsResult {
  /** Sales written by this run (0 when they all existed). */
  created: number;
  total: number;
  /** The demo seller's published rating after this run. */
  rating: { count: number; sum: number };
}

/**
 * Development seed: the demo seller's completed sales with both sides' published reviews, so
 * `/seller/{id}` and the listing cards show a rating on a fresh `npm start`. Each sale is
 * written as checkout, payment, shipping and confirmation would leave it — the order
 * `completed`, its timeline, the balanced payment and release ledger entries — but without
 * jobs or order events (nothing to do for a past sale); each review's
 * `orders.review.published.v1` goes through the outbox, as the reviews area sends it, so
 * listings' ratings read model and notifications learn of it. Idempotent per sale.
 */
export async function seedDemoReviews(
  dataSource: DataSource,
  now: Date = new Date(),
  feeBasisPoints = 250,
): Promise<DemoReviewsResult> {
  const outbox = new OutboxWriter();
  let created = 0;
  // Oldest first: each published event carries the seller's summary as it grows.
  const oldestFirst = [...DEMO_SALES].sort((a, b) => b.completedDaysAgo - a.completedDaysAgo);
  for (const sale of oldestFirst)
    await dataSource.transaction(async (tx) => {
      if (await writeSale(tx, outbox, sale, now, feeBasisPoints)) created += 1;
    });
  const [rating] = (await dataSource.query(
    `SELECT count(*)::int AS count, coalesce(sum(rating), 0)::int AS sum
       FROM orders.reviews WHERE subject_id = $1 AND published_at IS NOT NULL`,
    [DEMO_SELLER_ID],
  )) as { count: number; sum: number }[];
  return { created, total: DEMO_SALES.length, rating: rating ?? { count: 0, sum: 0 } };
}

export const describeDemoReviews = (r: DemoReviewsResult): string =>
  `orders: ${r.created ? `created ${r.created} of` : 'checked'} ${r.total} demo completed sales with reviews` +
  ` (demo seller rated ${r.rating.count ? (r.rating.sum / r.rating.count).toFixed(1) : '-'} from ${r.rating.count})`;

async function writeSale(
  tx: EntityManager,
  outbox: OutboxWriter,
  s: DemoSale,
  now: Date,
  feeBasisPoints: number,
): Promise<boolean> {
  const completedAt = new Date(now.getTime() - s.completedDaysAgo * DAY);
  const shippedAt = new Date(completedAt.getTime() - 3 * DAY);
  const paidAt = new Date(shippedAt.getTime() - DAY);
  const createdAt = new Date(paidAt.getTime() - 10 * 60_000);
  const a = orderAmounts({ itemCents: s.itemCents, postageCents: s.postageCents, feeBasisPoints });
  const collection = s.postageCents === 0;
  const inserted = (await tx.query(
    `INSERT INTO orders.orders (id, listing_id, buyer_id, seller_id, status, delivery, item_cents,
       postage_cents, fee_cents, total_cents, seller_receives_cents, listing_title,
       seller_display_name, seller_type, carrier, tracking_number, handed_over_in_person,
       payment_id, paid_at, shipped_at, completed_at, closed_at, created_at, updated_at,
       collection_county)
     VALUES ($1, $2, $3, $4, 'completed', $5, $6, $7, $8, $9, $10, $11, $12, 'trader', $13, $14,
       $15, $16, $17, $18, $19, $19, $20, $19, $21)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      s.orderId,
      s.listingId,
      s.buyerId,
      DEMO_SELLER_ID,
      collection ? 'collection' : 'post',
      a.itemCents,
      a.postageCents,
      a.feeCents,
      a.totalCents,
      a.sellerReceivesCents,
      s.title,
      DEMO_SELLER_NAME,
      collection ? null : 'An Post',
      collection ? null : `DEMO${s.orderId.slice(-4)}IE`,
      collection,
      `sim_demo_${s.orderId}`,
      paidAt,
      shippedAt,
      completedAt,
      createdAt,
      collection ? 'Cork' : null,
    ],
  )) as { id: string }[];
  if (inserted.length === 0) return false;

  const timeline: [string, string, string, Date][] = [
    ['pending_payment', 'buyer', 'Order placed.', createdAt],
    ['paid', 'system', 'Payment received; the money is held until delivery.', paidAt],
    [
      'shipped',
      'seller',
      collection ? 'Handed over in person.' : 'Shipped with An Post.',
      shippedAt,
    ],
    ['completed', 'buyer', 'Delivery confirmed; the money is released to the seller.', completedAt],
  ];
  for (const [status, actor, note, at] of timeline)
    await tx.query(
      `INSERT INTO orders.order_timeline (order_id, status, actor, note, at) VALUES ($1, $2, $3, $4, $5)`,
      [s.orderId, status, actor, note, at],
    );
  for (const entry of [paymentEntry(s.orderId, a), releaseEntry(s.orderId, a)])
    await postEntry(tx, entry);

  // Both sides reviewed: both published when the second review came in.
  const windowClosesAt = new Date(completedAt.getTime() + 30 * DAY);
  const buyerAt = new Date(completedAt.getTime() + 3_600_000);
  const sellerAt = new Date(completedAt.getTime() + 2 * 3_600_000);
  const reviews = [
    {
      ...s.buyerReview,
      author: s.buyerId,
      authorRole: 'buyer',
      subject: DEMO_SELLER_ID,
      subjectRole: 'seller',
      at: buyerAt,
    },
    {
      ...s.sellerReview,
      author: DEMO_SELLER_ID,
      authorRole: 'seller',
      subject: s.buyerId,
      subjectRole: 'buyer',
      at: sellerAt,
    },
  ] as const;
  for (const r of reviews)
    await tx.query(
      `INSERT INTO orders.reviews (id, order_id, listing_id, listing_title, author_id, author_role,
         subject_id, subject_role, rating, comment, created_at, window_closes_at, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        r.id,
        s.orderId,
        s.listingId,
        s.title,
        r.author,
        r.authorRole,
        r.subject,
        r.subjectRole,
        r.rating,
        r.comment,
        r.at,
        windowClosesAt,
        sellerAt,
      ],
    );
  for (const r of reviews) {
    const [summary] = (await tx.query(
      `SELECT count(*)::int AS count, coalesce(sum(rating), 0)::int AS sum
         FROM orders.reviews WHERE subject_id = $1 AND published_at IS NOT NULL`,
      [r.subject],
    )) as ReviewPublishedV1['subjectRating'][];
    await outbox.append(
      tx,
      ORDERS_SCHEMA,
      {
        type: 'orders.review.published.v1',
        aggregateId: r.id,
        payload: {
          reviewId: r.id,
          orderId: s.orderId,
          listingId: s.listingId,
          listingTitle: s.title,
          authorId: r.author,
          authorRole: r.authorRole,
          subjectId: r.subject,
          subjectRole: r.subjectRole,
          rating: r.rating,
          comment: r.comment,
          createdAt: r.at.toISOString(),
          publishedAt: sellerAt.toISOString(),
          subjectRating: summary ?? { count: 0, sum: 0 },
        },
      },
      { actorId: null },
    );
  }
  return true;
}

async function postEntry(tx: EntityManager, entry: LedgerEntry): Promise<void> {
  const [row] = (await tx.query(
    `INSERT INTO orders.ledger_entries (order_id, kind) VALUES ($1, $2) RETURNING id`,
    [entry.orderId, entry.kind],
  )) as { id: string }[];
  for (const p of entry.postings)
    await tx.query(
      `INSERT INTO orders.ledger_postings (entry_id, order_id, account, amount_cents)
       VALUES ($1, $2, $3, $4)`,
      [row!.id, entry.orderId, p.account, p.amountCents],
    );
}
