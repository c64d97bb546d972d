import { Skeleton, StarRating } from '@loadout/ui';
import { Link, useUserReviews } from '@loadout/web';

export interface ProfileRatingProps {
  userId: string;
}

/** The member's rating summary (orders' published reviews) with a link to read them. */
export function ProfileRating({ userId }: ProfileRatingProps) {
  const reviews = useUserReviews(userId);
  const summary = reviews.data?.pages[0]?.summary;
  if (reviews.isPending)
    return (
      <p className="account-profile__rating" role="status" aria-label="Loading rating">
        <Skeleton width="8rem" />
      </p>
    );
  if (reviews.isError)
    return <p className="account-profile__rating lo-muted">The rating could not be loaded.</p>;
  if (!summary || summary.count === 0 || summary.average === null)
    return <p className="account-profile__rating lo-muted">No reviews yet</p>;
  return (
    <p className="account-profile__rating">
      <StarRating value={summary.average} count={summary.count} />{' '}
      <Link to={`/seller/${encodeURIComponent(userId)}`}>Read the reviews</Link>
    </p>
  );
}
