/** The age and legal acceptance record (seed §2, §4, §9), kept in local storage. */

export const ACCEPTANCE_STORAGE_KEY = 'loadout_acceptance';
export const ACCEPTANCE_VERSION = '1.0';
export const ACCEPTANCE_VALID_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;
const VALIDITY_MS = ACCEPTANCE_VALID_DAYS * DAY_MS;
// Tolerate a small clock difference; a record dated further ahead was not written by us.
const FUTURE_SKEW_MS = DAY_MS;

export interface AcceptanceRecord {
  timestamp: number;
  version: typeof ACCEPTANCE_VERSION;
  age: true;
  terms: true;
  privacy: true;
  liability: true;
}

export type AcceptanceChecks = Record<'age' | 'terms' | 'privacy' | 'liability', boolean>;

export function createAcceptanceRecord(now: number): AcceptanceRecord {
  return {
    timestamp: now,
    version: ACCEPTANCE_VERSION,
    age: true,
    terms: true,
    privacy: true,
    liability: true,
  };
}

export function allChecked(checks: AcceptanceChecks): boolean {
  return checks.age && checks.terms && checks.privacy && checks.liability;
}

function timestampOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/**
 * A record is valid when it is for the current version, all four flags are true and it is
 * under 365 days old.
 */
export function isAcceptanceValid(record: unknown, now: number): record is AcceptanceRecord {
  if (typeof record !== 'object' || record === null) return false;
  const r = record as Record<string, unknown>;
  if (r['version'] !== ACCEPTANCE_VERSION) return false;
  if (
    r['age'] !== true ||
    r['terms'] !== true ||
    r['privacy'] !== true ||
    r['liability'] !== true
  ) {
    return false;
  }
  const timestamp = timestampOf(r['timestamp']);
  if (timestamp === null) return false;
  const age = now - timestamp;
  return age < VALIDITY_MS && age > -FUTURE_SKEW_MS;
}

/** Parses the stored text; anything unparsable counts as no record. */
export function parseAcceptance(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** True when the stored acceptance is still valid. Storage that throws counts as not accepted. */
export function hasValidAcceptance(storage: StorageLike, now: number): boolean {
  try {
    return isAcceptanceValid(parseAcceptance(storage.getItem(ACCEPTANCE_STORAGE_KEY)), now);
  } catch {
    return false;
  }
}

export function storeAcceptance(storage: StorageLike, now: number): AcceptanceRecord {
  const record = createAcceptanceRecord(now);
  try {
    storage.setItem(ACCEPTANCE_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage may be full or blocked; the acceptance still holds for this visit.
  }
  return record;
}

export function clearAcceptance(storage: StorageLike): void {
  try {
    storage.removeItem(ACCEPTANCE_STORAGE_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}
