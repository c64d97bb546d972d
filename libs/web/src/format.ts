const LOCALE = 'en-IE';

/**
 * Builds a value on first use. An Intl formatter costs tens of milliseconds to create on a slow
 * phone (60 ms for the first NumberFormat at 4× CPU slowdown), so none is made while the app's
 * code loads; a page that shows no price or date never pays for one (issue 12: TBT).
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** Euros with two decimals. */
const EUROS: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

// Whole euros drop the ".00" (0 fraction digits); anything else shows both digits.
const priceFormat = lazy(
  () => new Intl.NumberFormat(LOCALE, { ...EUROS, trailingZeroDisplay: 'stripIfInteger' }),
);

const listingPriceFormat = lazy(() => new Intl.NumberFormat(LOCALE, EUROS));

const shortDateFormat = lazy(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }),
);

/** A price in integer cents, e.g. 4500 → "€45", 1250 → "€12.50". */
export function formatPrice(cents: number): string {
  return priceFormat().format(cents / 100);
}

/** A listing price, always with 2 decimals: 4500 → "€45.00". */
export function formatListingPrice(cents: number): string {
  return listingPriceFormat().format(cents / 100);
}

/** A short en-IE date: "5 Mar 2025". */
export function formatShortDate(date: Date | string | number): string {
  return shortDateFormat().format(new Date(date));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthYearParts = lazy(
  () =>
    new Intl.DateTimeFormat('en-IE', {
      timeZone: 'Europe/Dublin',
      year: 'numeric',
      month: 'numeric',
    }),
);

/** "Mar 2025" for a timestamp, in Irish time; empty for an unreadable date. */
export function formatMonthYear(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = monthYearParts().formatToParts(date);
  const year = parts.find((p) => p.type === 'year')?.value;
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  return year && month ? `${MONTHS[month - 1]} ${year}` : '';
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

/**
 * Builds the formatters one by one while the browser is idle (after the first render, while
 * the page waits for its data), so the first list of prices does not pay for them in one long
 * render. Each is still built on demand if it is needed sooner.
 */
export function prepareFormattersWhenIdle(): void {
  const steps = [priceFormat, listingPriceFormat, shortDateFormat, monthYearParts];
  const idle: (run: () => void) => void =
    typeof requestIdleCallback === 'function'
      ? (run) => requestIdleCallback(run, { timeout: 5_000 })
      : (run) => setTimeout(run, 200);
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    idle(next);
  };
  idle(next);
}
