import { REVIEW_REPLY_MAX, type ReviewView, type UserReviewsPage } from '@loadout/contracts';
import { Button, EmptyState, ErrorPanel, Skeleton, StarRating, TextAreaField } from '@loadout/ui';
import { formatShortDate, useReplyToReview, useSession, useUserReviews } from '@loadout/web';
import { type InfiniteData } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

export interface SellerReviewsProps {
  userId: string;
}

const reviewsOf = (data: InfiniteData<UserReviewsPage> | undefined): ReviewView[] =>
  data?.pages.flatMap((p) => p.items) ?? [];

/** A user's published reviews, newest first, with the rating summary and "Load more". */
export function SellerReviews({ userId }: SellerReviewsProps) {
  const query = useUserReviews(userId);
  const { user } = useSession();
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
            <ReviewItem
              key={review.id}
              review={review}
              canReply={
                user?.id === review.subjectId && review.subjectRole === 'seller' && !review.reply
              }
            />
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

function ReviewItem({ review, canReply }: { review: ReviewView; canReply: boolean }) {
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
      {canReply ? <ReplyForm review={review} /> : null}
    </li>
  );
}

/** The reviewed seller's one public reply: a button that opens a short form. */
function ReplyForm({ review }: { review: ReviewView }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const reply = useReplyToReview();
  useEffect(() => {
    if (open) fieldRef.current?.focus();
  }, [open]);

  if (!open)
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Reply publicly
      </Button>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const problem = !trimmed
      ? 'Write a reply.'
      : [...trimmed].length > REVIEW_REPLY_MAX
        ? `A reply can be at most ${REVIEW_REPLY_MAX.toLocaleString('en-IE')} characters.`
        : undefined;
    setError(problem);
    if (problem) return fieldRef.current?.focus();
    reply.mutate(
      { reviewId: review.id, text: trimmed },
      {
        onSuccess: () => toast.success('Reply posted', { description: 'Everyone can read it.' }),
        onError: (e) => toast.error('Your reply was not posted', { description: e.message }),
      },
    );
  };

  return (
    <form
      className="mp-review__reply-form"
      onSubmit={submit}
      noValidate
      aria-label="Reply to this review"
    >
      <TextAreaField
        ref={fieldRef}
        label="Your public reply"
        hint="You can reply once; everyone can read it."
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
        disabled={reply.isPending}
      />
      <div className="mp-review__reply-actions">
        <Button type="submit" size="sm" loading={reply.isPending}>
          Post reply
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
