import {
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPLY_MAX,
  type OrderStatus,
  ratingSummaryOf,
  type RatingSummary,
  type ReviewRole,
} from '@loadout/contracts';
import {
  orderNotCompleted,
  replyAlreadyLeft,
  replyNotAllowed,
  reviewAlreadyLeft,
  reviewInvalid,
  reviewNotFound,
  reviewOrderNotFound,
  reviewWindowClosed,
} from './review.errors';

/** The facts of an order a review needs (read from the order, never changed by reviews). */
export interface ReviewableOrder {
  id: string;
  listingId: string;
  listingTitle: string;
  buyerId: string;
  sellerId: string;
  status: OrderStatus;
  completedAt: Date | null;
}

export interface Review {
  id: string;
  orderId: string;
  listingId: string;
  listingTitle: string;
  authorId: string;
  authorRole: ReviewRole;
  subjectId: string;
  subjectRole: ReviewRole;
  rating: number;
  comment: string | null;
  createdAt: Date;
  /** When the review may be read by anyone: both reviewed, or the window closed. */
  windowClosesAt: Date;
  publishedAt: Date | null;
  replyText: string | null;
  repliedAt: Date | null;
}

export interface ReviewRules {
  /** How long after completion both parties may review (30 days). */
  windowSeconds: number;
}

export const DEFAULT_REVIEW_RULES: ReviewRules = { windowSeconds: 30 * 86_400 };

export interface ReviewInput {
  rating: number;
  comment?: string | null;
}

/** What leaving a review does: the new review, and every review that becomes public with it. */
export interface ReviewDecision {
  review: Review;
  publish: Review[];
}

const other = (role: ReviewRole): ReviewRole => (role === 'buyer' ? 'seller' : 'buyer');

export function windowClosesAt(completedAt: Date, rules: ReviewRules): Date {
  return new Date(completedAt.getTime() + rules.windowSeconds * 1000);
}

/** 1–5 whole stars; a comment of at most 1,000 characters, blank meaning none. */
export function checkReviewInput(input: ReviewInput): { rating: number; comment: string | null } {
  const { rating } = input;
  if (!Number.isInteger(rating) || rating < REVIEW_RATING_MIN || rating > REVIEW_RATING_MAX)
    throw reviewInvalid('Choose a rating from 1 to 5 stars.', 'rating');
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  if (comment && [...comment].length > REVIEW_COMMENT_MAX)
    throw reviewInvalid(
      `A comment can be at most ${REVIEW_COMMENT_MAX.toLocaleString('en-IE')} characters.`,
      'comment',
    );
  return { rating, comment };
}

/** The party a user is to the order, or null (admins are not parties: they never review). */
export function roleIn(order: ReviewableOrder, userId: string): ReviewRole | null {
  if (order.buyerId === userId) return 'buyer';
  if (order.sellerId === userId) return 'seller';
  return null;
}

/**
 * Whether a party may review now: the order is completed, the window (completion + 30 days)
 * is open and they have not reviewed it. Throws the refusal otherwise.
 */
export function assertCanReview(
  order: ReviewableOrder,
  role: ReviewRole,
  existing: readonly Review[],
  now: Date,
  rules: ReviewRules,
): Date {
  if (order.status !== 'completed' || !order.completedAt) throw orderNotCompleted();
  if (existing.some((r) => r.authorRole === role)) throw reviewAlreadyLeft();
  const closes = windowClosesAt(order.completedAt, rules);
  if (now.getTime() >= closes.getTime()) throw reviewWindowClosed(closes);
  return closes;
}

/**
 * A party reviews the other. Hidden until the other party has reviewed too (then both are
 * published at once) or the window closes, so neither can answer a bad review with another.
 */
export function leaveReview(
  order: ReviewableOrder | null,
  userId: string,
  input: ReviewInput,
  existing: readonly Review[],
  ids: { reviewId: string },
  now: Date,
  rules: ReviewRules,
): ReviewDecision {
  const role = order ? roleIn(order, userId) : null;
  if (!order || !role) throw reviewOrderNotFound();
  const closes = assertCanReview(order, role, existing, now, rules);
  const { rating, comment } = checkReviewInput(input);
  const subjectRole = other(role);
  const theirs = existing.find((r) => r.authorRole === subjectRole) ?? null;
  const review: Review = {
    id: ids.reviewId,
    orderId: order.id,
    listingId: order.listingId,
    listingTitle: order.listingTitle,
    authorId: userId,
    authorRole: role,
    subjectId: subjectRole === 'buyer' ? order.buyerId : order.sellerId,
    subjectRole,
    rating,
    comment,
    createdAt: now,
    windowClosesAt: closes,
    publishedAt: theirs ? now : null,
    replyText: null,
    repliedAt: null,
  };
  const publish = theirs ? [review, { ...theirs, publishedAt: now }] : [];
  return { review, publish };
}

/** A hidden review whose window has closed becomes public; null when it is not due yet. */
export function publishAtWindowClose(review: Review, now: Date): Review | null {
  if (review.publishedAt) return null;
  if (now.getTime() < review.windowClosesAt.getTime()) return null;
  return { ...review, publishedAt: now };
}

/** Who may read a review: anyone once published; before that only its author. */
export function canRead(review: Review, userId: string | null): boolean {
  return review.publishedAt !== null || review.authorId === userId;
}

/**
 * The reviewed seller answers once, publicly, a published review. A hidden review answers
 * "not found" to everyone but its author (its existence is not shown before publication).
 */
export function replyToReview(
  review: Review | null,
  userId: string,
  text: string,
  now: Date,
): Review {
  if (!review || !canRead(review, userId)) throw reviewNotFound();
  if (review.subjectRole !== 'seller' || review.subjectId !== userId || !review.publishedAt)
    throw replyNotAllowed();
  if (review.replyText !== null) throw replyAlreadyLeft();
  const reply = text.trim();
  if (!reply) throw reviewInvalid('Write a reply.', 'text');
  if ([...reply].length > REVIEW_REPLY_MAX)
    throw reviewInvalid(
      `A reply can be at most ${REVIEW_REPLY_MAX.toLocaleString('en-IE')} characters.`,
      'text',
    );
  return { ...review, replyText: reply, repliedAt: now };
}

/** Average to 2 decimals and count; null average for none (the one rule, shared with listings). */
export const ratingSummary = (count: number, sum: number): RatingSummary =>
  ratingSummaryOf(count, sum);
