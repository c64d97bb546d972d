export { GAME_TYPE_LABELS } from '@loadout/contracts';

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** "saturday" → "Saturday"; days are listed Monday first whatever order they came in. */
export function formatOpeningDays(days: readonly string[]): string {
  if (days.length === 0) return 'By arrangement';
  const known = [...days].sort((a, b) => {
    const ia = WEEK.indexOf(a.toLowerCase());
    const ib = WEEK.indexOf(b.toLowerCase());
    return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  });
  return known.map((d) => d.charAt(0).toUpperCase() + d.slice(1).toLowerCase()).join(', ');
}

export function formatJoules(joules: number | null): string {
  return joules === null ? 'Not stated' : `${joules.toFixed(2)} J`;
}

/** The website as a safe absolute http(s) link, or null. */
export function safeWebsite(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
