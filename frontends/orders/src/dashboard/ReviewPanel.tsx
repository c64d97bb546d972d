import {
  REVIEW_COMMENT_MAX,
  type OrderView,
  type ReviewRole,
  type ReviewView,
} from '@loadout/contracts';
import {
  Button,
  ErrorPanel,
  RadioGroup,
  Skeleton,
  StarRating,
  TextAreaField,
  focusFirstInvalid,
  useForm,
} from '@loadout/ui';
import { isApiError, useLeaveReview, useOrderReview } from '@loadout/web';
import { type FormEvent, useRef } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../shared/order-format';

export interface ReviewPanelProps {
  order: OrderView;
  side: ReviewRole;
}

type Stars = '1' | '2' | '3' | '4' | '5';
const STAR_OPTIONS = (['1', '2', '3', '4', '5'] as const).map((value) => ({
  value,
  label: `${value} star${value === '1' ? '' : 's'}`,
}));

interface ReviewValues {
  rating: Stars | '';
  comment: string;
}

const checks = {
  rating: (v: Stars | '') => (v ? undefined : 'Choose a rating from 1 to 5 stars.'),
  comment: (v: string) =>
    [...v.trim()].length > REVIEW_COMMENT_MAX
      ? `A comment can be at most ${REVIEW_COMMENT_MAX.toLocaleString('en-IE')} characters.`
      : undefined,
};

/** A completed order's reviews: the caller's (or the form to write it) and the other party's. */
export function ReviewPanel({ order, side }: ReviewPanelProps) {
  const state = useOrderReview(order.id);
  const headingId = `or-review-${order.id}`;
  const other = side === 'buyer' ? 'seller' : 'buyer';

  let body;
  if (state.isPending) {
    body = (
      <div role="status" aria-label="Loading the review">
        <Skeleton height="4rem" />
      </div>
    );
  } else if (state.isError) {
    body = (
      <ErrorPanel
        headingLevel={3}
        title="We couldn't load the review"
        message={state.error.message}
        onRetry={() => void state.refetch()}
        retrying={state.isFetching}
      />
    );
  } else {
    const { mine, theirs, canReview, windowClosesAt } = state.data;
    body = (
      <>
        {mine ? (
          <ReviewText
            review={mine}
            title="Your review"
            note={
              mine.publishedAt
                ? 'Published.'
                : `Only you can see it until the ${other} reviews you${
                    windowClosesAt ? ` or until ${formatDateTime(windowClosesAt)}` : ''
                  }.`
            }
          />
        ) : null}
        {theirs ? <ReviewText review={theirs} title={`The ${other}'s review of you`} /> : null}
        {canReview ? (
          <ReviewForm order={order} other={other} windowClosesAt={windowClosesAt} />
        ) : !mine ? (
          <p className="lo-muted lo-small">The time to review this order has ended.</p>
        ) : null}
      </>
    );
  }

  return (
    <section className="or-review" aria-labelledby={headingId}>
      <h3 id={headingId} className="or-review__title">
        Review
      </h3>
      {body}
    </section>
  );
}

function ReviewText({ review, title, note }: { review: ReviewView; title: string; note?: string }) {
  return (
    <div className="or-review__text">
      <p className="or-review__head">
        <strong>{title}</strong> <StarRating value={review.rating} />
      </p>
      {review.comment ? <p className="or-review__comment">{review.comment}</p> : null}
      {review.reply ? (
        <p className="lo-small">
          <strong>Seller's reply:</strong> {review.reply.text}
        </p>
      ) : null}
      {note ? <p className="lo-muted lo-small">{note}</p> : null}
    </div>
  );
}

function ReviewForm({
  order,
  other,
  windowClosesAt,
}: {
  order: OrderView;
  other: ReviewRole;
  windowClosesAt: string | null;
}) {
  const leave = useLeaveReview();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<ReviewValues>({ rating: '', comment: '' }, checks);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (leave.isPending) return;
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, ['rating', 'comment'], form.clientErrors);
      return;
    }
    leave.mutate(
      {
        orderId: order.id,
        input: { rating: Number(form.values.rating), comment: form.values.comment.trim() || null },
      },
      {
        onSuccess: (review) =>
          toast.success('Thank you for your review', {
            description: review.publishedAt
              ? 'Both reviews are now public.'
              : `It stays hidden until the ${other} reviews you, or the review time ends.`,
          }),
        onError: (error) => {
          const field =
            isApiError(error) && error.code === 'ORDERS.REVIEW_INVALID'
              ? (error.details as { field?: string } | undefined)?.field
              : undefined;
          if (field === 'rating' || field === 'comment')
            form.setServerErrors({ [field]: error.message });
          else toast.error('Your review was not saved', { description: error.message });
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="or-review__form"
      onSubmit={submit}
      noValidate
      aria-label={`Review the ${other} of ${order.listing.title}`}
    >
      <RadioGroup<Stars>
        legend={`Your rating of the ${other}`}
        name="rating"
        inline
        options={STAR_OPTIONS}
        value={form.values.rating || null}
        onChange={(v) => form.setValue('rating', v)}
        error={form.errors.rating}
        disabled={leave.isPending}
      />
      <TextAreaField
        label="Comment (optional)"
        hint={`Up to ${REVIEW_COMMENT_MAX.toLocaleString('en-IE')} characters. Your review stays hidden until the ${other} reviews you${
          windowClosesAt ? ` or until ${formatDateTime(windowClosesAt)}` : ''
        }, so neither of you sees the other's first.`}
        {...form.field('comment')}
        disabled={leave.isPending}
      />
      <Button type="submit" loading={leave.isPending}>
        Submit review
      </Button>
    </form>
  );
}
