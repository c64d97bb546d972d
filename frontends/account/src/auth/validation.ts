// Client-side checks mirroring the identity rules (docs/domain.md "Accounts"). The server
// remains the authority (uniqueness, the common-password list); its answers land on the fields.

export const MINIMUM_AGE = 18;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const FULL_NAME_MAX_LENGTH = 120;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const USERNAME_HINT = '3–30 letters, numbers, _ or . (no spaces).';
export const PASSWORD_HINT = 'At least 10 characters, and not a common password.';

/** An error message, or undefined when the value is fine. */
export type Check = (value: string) => string | undefined;

export const checkEmail: Check = (value) => {
  const v = value.trim();
  if (!v) return 'Enter your email address.';
  if (!EMAIL_PATTERN.test(v)) return 'Enter a valid email address, like name@example.com.';
  return undefined;
};

export const checkSignInPassword: Check = (value) => (value ? undefined : 'Enter your password.');

export const checkFullName: Check = (value) => {
  const v = value.trim();
  if (!v) return 'Enter your full name.';
  if (v.length > FULL_NAME_MAX_LENGTH) {
    return `Your name can be at most ${FULL_NAME_MAX_LENGTH} characters.`;
  }
  return undefined;
};

export const checkUsername: Check = (value) => {
  const v = value.trim();
  if (!v) return 'Choose a username.';
  if (/\s/.test(v)) return 'Usernames cannot contain spaces.';
  if (v.length < 3 || v.length > 30) return 'Usernames are 3 to 30 characters long.';
  if (!USERNAME_PATTERN.test(v)) return 'Use only letters, numbers, _ or . in your username.';
  return undefined;
};

export const checkNewPassword: Check = (value) => {
  if (!value) return 'Choose a password.';
  // Characters as the server counts them (code points: an emoji is one).
  const length = [...value].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters (${length} so far).`;
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  return undefined;
};

export function checkPasswordsMatch(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'Enter the new password again.';
  if (password !== confirmation) return 'The passwords do not match.';
  return undefined;
}

/** Parses `YYYY-MM-DD` as a calendar date; null when it is not a real date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

/** Whole years between a date of birth and `today` (birthdays count from their day). */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const dob = parseIsoDate(dateOfBirth);
  if (!dob) return null;
  const y = today.getFullYear();
  const m = today.getMonth() + 1;
  const d = today.getDate();
  let age = y - dob.year;
  if (m < dob.month || (m === dob.month && d < dob.day)) age -= 1;
  return age;
}

export function checkDateOfBirth(value: string, today: Date = new Date()): string | undefined {
  if (!value) return 'Enter your date of birth.';
  const dob = parseIsoDate(value);
  const age = ageOn(value, today);
  if (!dob || age === null) return 'Enter a real date, for example 31/01/1995.';
  if (age < 0) return 'Your date of birth cannot be in the future.';
  if (dob.year < 1900) return 'Enter your real date of birth.';
  if (age < MINIMUM_AGE) return 'You must be 18 or older to use Loadout.';
  return undefined;
}

/** Today minus 18 years as `YYYY-MM-DD`: the latest date of birth allowed (for the date picker). */
export function latestAllowedBirthDate(today: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const year = today.getFullYear() - MINIMUM_AGE;
  const month = today.getMonth() + 1;
  const day = today.getDate();
  // 29 February has no counterpart in most years: the 28th is then the latest allowed day.
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return parseIsoDate(iso) ? iso : `${year}-${pad(month)}-${pad(day - 1)}`;
}
