/**
 * en-IE formatting of counts, euro amounts and dates, written out by hand rather than with Intl:
 * the first Intl formatter a page builds loads the locale's ICU data, a 20 ms task on this
 * machine and 60–90 ms at 4× CPU slowdown, inside the render that shows the first price or count
 * (issue 12: TBT). The outputs are Intl's own for en-IE, which `format.spec.ts` checks against
 * Intl itself. Formatting that no public page needs at start (orders' date and time) still uses
 * Intl, built on first use with `lazy`.
 */

/** Builds a value on first use, then reuses it. */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** en-IE (CLDR) short month names: September is "Sept". */
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** The digits of a whole number ≥ 0 in groups of three: 1234567 → "1,234,567". */
function groupDigits(whole: number): string {
  const digits = String(whole);
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

/** A whole count with en-IE grouping: 1234 → "1,234" (as `toLocaleString('en-IE')` gives). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const rounded = Math.round(n);
  return `${rounded < 0 ? '-' : ''}${groupDigits(Math.abs(rounded))}`;
}

/** Euros from cents: "€1,234.56"; `stripWholeCents` drops ".00" from whole euros. */
function euros(cents: number, stripWholeCents: boolean): string {
  if (!Number.isFinite(cents)) return '';
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const rest = abs % 100;
  const fraction = stripWholeCents && rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`;
  return `${rounded < 0 ? '-' : ''}€${groupDigits((abs - rest) / 100)}${fraction}`;
}

/** A price in integer cents, e.g. 4500 → "€45", 1250 → "€12.50". */
export function formatPrice(cents: number): string {
  return euros(cents, true);
}

/** A listing price, always with 2 decimals: 4500 → "€45.00". */
export function formatListingPrice(cents: number): string {
  return euros(cents, false);
}

/** A short en-IE date in the browser's time zone: "5 Mar 2025"; empty for an unreadable date. */
export function formatShortDate(date: Date | string | number): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (`month` 0–11), when EU summer time starts or ends. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Irish time's offset from UTC at an instant, in ms: one hour from the last Sunday of March to
 * the last Sunday of October (01:00 UTC both), none otherwise (the EU rule Ireland has kept
 * since 1996).
 */
export function dublinOffsetMs(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const summer = utcMs >= lastSundayOneUtc(year, 2) && utcMs < lastSundayOneUtc(year, 9);
  return summer ? HOUR_MS : 0;
}

/** "Mar 2025" for a timestamp, in Irish time; empty for an unreadable date. */
export function formatMonthYear(iso: string): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const dublin = new Date(ms + dublinOffsetMs(ms));
  return `${MONTHS[dublin.getUTCMonth()]} ${dublin.getUTCFullYear()}`;
}

/** "Member since Mar 2025" on seller cards and profiles; empty for an unreadable date. */
export function memberSince(iso: string): string {
  const when = formatMonthYear(iso);
  return when ? `Member since ${when}` : '';
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * "N seconds ago" under a minute, then minutes, hours, days (under 7 days),
 * otherwise a short en-IE date. Future times count as 0 seconds ago.
 */
export function relativeTime(
  date: Date | string | number,
  now: Date | number = Date.now(),
): string {
  const then = new Date(date).getTime();
  const seconds = Math.max(0, Math.floor((new Date(now).getTime() - then) / 1000));
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, 'day');
  return formatShortDate(then);
}

export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;
const ELLIPSIS = '...';

/** Cuts text longer than `max` characters to `max - 3` plus "...", so the result is exactly `max`. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max - ELLIPSIS.length).join('') + ELLIPSIS;
}

export function truncateTitle(title: string): string {
  return truncate(title, TITLE_MAX);
}

export function truncateDescription(description: string): string {
  return truncate(description, DESCRIPTION_MAX);
}
