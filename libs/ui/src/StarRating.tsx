import { cx } from './class-names';

export interface StarRatingProps {
  /** Stars out of 5; the glyphs show the nearest whole star, the text the exact value. */
  value: number;
  /** Shown after the stars, e.g. "(12 reviews)". */
  count?: number;
  className?: string;
}

const MAX = 5;

/**
 * A rating with at most 2 decimals, as en-IE `Intl.NumberFormat` writes one of 0–5: 4.333 →
 * "4.33", 4.5 → "4.5". By hand, not with Intl: @loadout/ui runs on every page's start, and a
 * page's first Intl formatter loads ICU data, a long task on a slow phone (issue 12). Like ICU
 * it rounds the shortest decimal form of the number half away from zero (3.005 → "3.01").
 */
export function formatRating(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(Math.abs(value));
  // Exponent form only for tiny (< 1e-6) or huge numbers, neither of them a rating.
  if (text.includes('e')) return Math.abs(value) < 1 ? '0' : String(value);
  const [whole = '0', fraction = ''] = text.split('.');
  let hundredths = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (fraction.length > 2 && fraction[2]! >= '5') hundredths += 1;
  const decimals = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const sign = value < 0 && hundredths > 0 ? '-' : '';
  return `${sign}${Math.floor(hundredths / 100)}${decimals ? `.${decimals}` : ''}`;
}

/** A whole count in groups of three, as `toLocaleString('en-IE')` writes it: 1234 → "1,234". */
function formatReviewCount(count: number): string {
  return String(Math.round(count)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Stars for the eye, one sentence ("Rated 4.5 out of 5") for screen readers. */
export function StarRating({ value, count, className }: StarRatingProps) {
  const full = Math.round(Math.min(MAX, Math.max(0, value)));
  const stars = '★'.repeat(full) + '☆'.repeat(MAX - full);
  const reviews =
    count === undefined ? '' : ` (${formatReviewCount(count)} review${count === 1 ? '' : 's'})`;
  return (
    <span className={cx('lo-stars', className)}>
      <span className="lo-stars__glyphs" aria-hidden="true">
        {stars}
      </span>
      <span className="lo-visually-hidden">{`Rated ${formatRating(value)} out of ${MAX}`}</span>
      {count === undefined ? null : (
        <span className="lo-stars__count">
          <span aria-hidden="true"> {formatRating(value)}</span>
          {reviews}
        </span>
      )}
    </span>
  );
}
