import { type ReviewView, type UserReviewsPage } from '@loadout/contracts';
import { Button, EmptyState, ErrorPanel, Skeleton, StarRating } from '@loadout/ui';
import { formatShortDate, useUserReviews } from '@loadout/web';
import { type InfiniteData } from '@tanstack/react-query';

export interface SellerReviewsProps {
  userId: string;
}

const reviewsOf = (data: InfiniteData<UserReviewsPage> | undefined): ReviewView[] =>
  data?.pages.flatMap((p) => p.items) ?? [];

/** A user's published reviews, newest first, with the rating summary and "Load more". */
export function SellerReviews({ userId }: SellerReviewsProps) {
  const query = useUserReviews(userId);
  const summary = query.data?.pages[0]?.summary;
  const items = reviewsOf(query.data);

  let body;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading reviews">
        <Skeleton width="30%" />
        <Skeleton height="3rem" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <ErrorPanel
        headingLevel={3}
        title="The reviews could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title="No reviews yet"
        description="Reviews appear after completed sales, once both sides have reviewed or 30 days have passed."
      />
    );
  } else {
    body = (
      <>
        {summary && summary.average !== null ? (
          <p className="mp-reviews__summary">
            <StarRating value={summary.average} count={summary.count} />
          </p>
        ) : null}
        <ol className="mp-reviews__list">
          {items.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ol>
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            More reviews
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="mp-seller-reviews" className="mp-reviews">
      <h2 id="mp-seller-reviews">Reviews</h2>
      {body}
    </section>
  );
}

function ReviewItem({ review }: { review: ReviewView }) {
  return (
    <li className="mp-review">
      <p className="mp-review__head">
        <StarRating value={review.rating} />
        <span className="lo-muted lo-small">
          {review.subjectRole === 'seller' ? 'From a buyer' : 'From a seller'} ·{' '}
          {review.listingTitle} ·{' '}
          <time dateTime={review.createdAt}>{formatShortDate(review.createdAt)}</time>
        </span>
      </p>
      {review.comment ? <p className="mp-review__comment">{review.comment}</p> : null}
      {review.reply ? (
        <p className="mp-review__reply">
          <strong>Seller&apos;s reply:</strong> {review.reply.text}
        </p>
      ) : null}
    </li>
  );
}
