import { cx } from './class-names';

export interface StarRatingProps {
  /** Stars out of 5; the glyphs show the nearest whole star, the text the exact value. */
  value: number;
  /** Shown after the stars, e.g. "(12 reviews)". */
  count?: number;
  className?: string;
}

const MAX = 5;
const number = new Intl.NumberFormat('en-IE', { maximumFractionDigits: 2 });

/** Stars for the eye, one sentence ("Rated 4.5 out of 5") for screen readers. */
export function StarRating({ value, count, className }: StarRatingProps) {
  const full = Math.round(Math.min(MAX, Math.max(0, value)));
  const stars = '★'.repeat(full) + '☆'.repeat(MAX - full);
  const reviews =
    count === undefined
      ? ''
      : ` (${count.toLocaleString('en-IE')} review${count === 1 ? '' : 's'})`;
  return (
    <span className={cx('lo-stars', className)}>
      <span className="lo-stars__glyphs" aria-hidden="true">
        {stars}
      </span>
      <span className="lo-visually-hidden">{`Rated ${number.format(value)} out of ${MAX}`}</span>
      {count === undefined ? null : (
        <span className="lo-stars__count">
          <span aria-hidden="true"> {number.format(value)}</span>
          {reviews}
        </span>
      )}
    </span>
  );
}
