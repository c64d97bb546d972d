import { Injectable } from '@nestjs/common';
import { type OrderStatus, type ReviewRole } from '@loadout/contracts';
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor } from '@loadout/db/keys';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { type Review, type ReviewableOrder } from '../domain/review';
import {
  ReviewRepository,
  type ReviewChangeMeta,
  type ReviewsPage,
} from '../domain/review-repository.port';
import { ReviewEvents } from './review-events';

interface ReviewRow {
  id: string;
  order_id: string;
  listing_id: string;
  listing_title: string;
  author_id: string;
  author_role: ReviewRole;
  subject_id: string;
  subject_role: ReviewRole;
  rating: number;
  comment: string | null;
  created_at: Date;
  window_closes_at: Date;
  published_at: Date | null;
  reply_text: string | null;
  replied_at: Date | null;
}

interface OrderRow {
  id: string;
  listing_id: string;
  listing_title: string;
  buyer_id: string;
  seller_id: string;
  status: OrderStatus;
  completed_at: Date | null;
}

const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  orderId: r.order_id,
  listingId: r.listing_id,
  listingTitle: r.listing_title,
  authorId: r.author_id,
  authorRole: r.author_role,
  subjectId: r.subject_id,
  subjectRole: r.subject_role,
  rating: Number(r.rating),
  comment: r.comment,
  createdAt: r.created_at,
  windowClosesAt: r.window_closes_at,
  publishedAt: r.published_at,
  replyText: r.reply_text,
  repliedAt: r.replied_at,
});

const toOrder = (r: OrderRow): ReviewableOrder => ({
  id: r.id,
  listingId: r.listing_id,
  listingTitle: r.listing_title,
  buyerId: r.buyer_id,
  sellerId: r.seller_id,
  status: r.status,
  completedAt: r.completed_at,
});

const ORDER_FACTS = `SELECT id, listing_id, listing_title, buyer_id, seller_id, status, completed_at
                       FROM orders.orders WHERE id = $1`;

/**
 * `orders.reviews` in plain SQL (no entity: nothing here needs the ORM's change tracking).
 * Serialisation uses transaction-scoped advisory locks, not the order row, so reviewing never
 * waits on (or blocks) the escrow worker's work on the same order.
 */
@Injectable()
export class SqlReviewRepository extends ReviewRepository {
  constructor(private readonly events: ReviewEvents) {
    super();
  }

  async lockOrder(tx: Tx, orderId: string): Promise<ReviewableOrder | null> {
    await sqlOf(tx)(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
      `orders.reviews.order:${orderId}`,
    ]);
    return this.findOrder(tx, orderId);
  }

  async findOrder(tx: Tx, orderId: string): Promise<ReviewableOrder | null> {
    const rows = (await sqlOf(tx)(ORDER_FACTS, [orderId])) as OrderRow[];
    return rows[0] ? toOrder(rows[0]) : null;
  }

  async forOrder(tx: Tx, orderId: string): Promise<Review[]> {
    const rows = (await sqlOf(tx)(
      `SELECT * FROM orders.reviews WHERE order_id = $1 ORDER BY created_at, id`,
      [orderId],
    )) as ReviewRow[];
    return rows.map(toReview);
  }

  async insert(tx: Tx, r: Review): Promise<void> {
    await sqlOf(tx)(
      `INSERT INTO orders.reviews (id, order_id, listing_id, listing_title, author_id, author_role,
         subject_id, subject_role, rating, comment, created_at, window_closes_at, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        r.id,
        r.orderId,
        r.listingId,
        r.listingTitle,
        r.authorId,
        r.authorRole,
        r.subjectId,
        r.subjectRole,
        r.rating,
        r.comment,
        r.createdAt,
        r.windowClosesAt,
        r.publishedAt,
      ],
    );
  }

  async publish(tx: Tx, reviews: readonly Review[], meta: ReviewChangeMeta): Promise<void> {
    if (reviews.length === 0) return;
    const db = sqlOf(tx);
    // Row locks first (a review the publisher holds makes this wait), then only what this
    // transaction published gets an event: a review published meanwhile is not announced twice.
    const mine: Review[] = [];
    for (const r of reviews) {
      const rows = (await db(
        `UPDATE orders.reviews SET published_at = $2
          WHERE id = $1 AND (published_at IS NULL OR published_at = $2) RETURNING id`,
        [r.id, r.publishedAt],
      )) as unknown[];
      if (rows.length > 0) mine.push(r);
    }
    // Each subject's summary is counted under its lock, taken in id order (no deadlock between
    // two publications): two concurrent ones cannot both announce the same count.
    const subjects = [...new Set(mine.map((r) => r.subjectId))].sort();
    for (const subject of subjects)
      await db(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`orders.reviews.subject:${subject}`]);
    for (const r of mine)
      await this.events.published(tx, r, await this.ratingOf(tx, r.subjectId), meta);
  }

  async lock(tx: Tx, id: string): Promise<Review | null> {
    const rows = (await sqlOf(tx)(`SELECT * FROM orders.reviews WHERE id = $1 FOR UPDATE`, [
      id,
    ])) as ReviewRow[];
    return rows[0] ? toReview(rows[0]) : null;
  }

  async saveReply(tx: Tx, r: Review): Promise<void> {
    await sqlOf(tx)(`UPDATE orders.reviews SET reply_text = $2, replied_at = $3 WHERE id = $1`, [
      r.id,
      r.replyText,
      r.repliedAt,
    ]);
  }

  async claimDue(tx: Tx, now: Date): Promise<Review | null> {
    const rows = (await sqlOf(tx)(
      `SELECT * FROM orders.reviews WHERE published_at IS NULL AND window_closes_at <= $1
        ORDER BY window_closes_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    )) as ReviewRow[];
    return rows[0] ? toReview(rows[0]) : null;
  }

  async publishedAbout(
    tx: Tx,
    userId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<ReviewsPage> {
    const params: unknown[] = [userId, limit + 1];
    let after = '';
    if (cursor) {
      const [at, id] = decodeCursor(cursor, 2);
      params.push(cursorTimestamp(at), cursorId(id));
      after = `AND (created_at, id) < ($3::timestamptz, $4)`;
    }
    const rows = (await sqlOf(tx)(
      `SELECT * FROM orders.reviews
        WHERE subject_id = $1 AND published_at IS NOT NULL ${after}
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      params,
    )) as ReviewRow[];
    const items = rows.slice(0, limit).map(toReview);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor:
        rows.length > limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
    };
  }

  async ratingOf(tx: Tx, userId: string): Promise<{ count: number; sum: number }> {
    const [row] = (await sqlOf(tx)(
      `SELECT count(*)::int AS count, coalesce(sum(rating), 0)::int AS sum
         FROM orders.reviews WHERE subject_id = $1 AND published_at IS NOT NULL`,
      [userId],
    )) as { count: number; sum: number }[];
    return { count: row?.count ?? 0, sum: row?.sum ?? 0 };
  }
}
