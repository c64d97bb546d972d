import { type SellerType, SELLER_TYPE_LABELS } from '../api/account.types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 2025" for a timestamp, in Irish time; empty for an unreadable date. */
export function formatMonthYear(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-IE', {
    timeZone: 'Europe/Dublin',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(date);
  const year = parts.find((p) => p.type === 'year')?.value;
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  return year && month ? `${MONTHS[month - 1]} ${year}` : '';
}

export function memberSince(iso: string): string {
  const when = formatMonthYear(iso);
  return when ? `Member since ${when}` : '';
}

export function sellerTypeLabel(type: SellerType | string | null | undefined): string {
  return type === 'trader' ? SELLER_TYPE_LABELS.trader : SELLER_TYPE_LABELS.private;
}

/** First letters of up to two words, for the avatar placeholder. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}
