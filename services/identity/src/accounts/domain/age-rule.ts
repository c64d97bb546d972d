export const MINIMUM_AGE = 18;
export const DATE_OF_BIRTH_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's calendar date in Ireland (`YYYY-MM-DD`): a birthday starts at midnight in Dublin. */
export function todayInDublin(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Dublin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Parses a real calendar date `YYYY-MM-DD`; null for anything else (2026-02-30, 26-1-1…). */
export function parseDateOfBirth(value: string): { y: number; m: number; d: number } | null {
  const match = DATE_OF_BIRTH_PATTERN.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return { y, m, d };
}

/** Whole years between the date of birth and today in Dublin (someone born 29 Feb ages on 1 Mar). */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const born = parseDateOfBirth(dateOfBirth);
  const now = parseDateOfBirth(today);
  if (!born || !now) return null;
  const hadBirthday = now.m > born.m || (now.m === born.m && now.d >= born.d);
  return now.y - born.y - (hadBirthday ? 0 : 1);
}

export type AgeCheck =
  | { ok: true }
  | { ok: false; reason: 'invalid_date' | 'future_date' | 'under_18' | 'not_declared' };

/**
 * Sign-up age rule (domain "Accounts"): 18+ by date of birth when one is given (it wins over the
 * declaration), otherwise by the 18+ declaration.
 */
export function checkAdult(
  input: { dateOfBirth?: string | null; over18?: boolean | null },
  now: Date = new Date(),
): AgeCheck {
  if (input.dateOfBirth) {
    const today = todayInDublin(now);
    const age = ageOn(input.dateOfBirth, today);
    if (age === null) return { ok: false, reason: 'invalid_date' };
    if (input.dateOfBirth > today) return { ok: false, reason: 'future_date' };
    if (age < MINIMUM_AGE) return { ok: false, reason: 'under_18' };
    if (input.over18 === false) return { ok: false, reason: 'not_declared' };
    return { ok: true };
  }
  return input.over18 === true ? { ok: true } : { ok: false, reason: 'not_declared' };
}
