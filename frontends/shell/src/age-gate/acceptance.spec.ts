import {
  ACCEPTANCE_STORAGE_KEY,
  allChecked,
  clearAcceptance,
  createAcceptanceRecord,
  hasValidAcceptance,
  isAcceptanceValid,
  parseAcceptance,
  storeAcceptance,
} from './acceptance';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2025-06-15T12:00:00Z');

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('acceptance record', () => {
  it('is created with version 1.0 and all four flags', () => {
    expect(createAcceptanceRecord(NOW)).toEqual({
      timestamp: NOW,
      version: '1.0',
      age: true,
      terms: true,
      privacy: true,
      liability: true,
    });
  });

  it('is valid when fresh and complete', () => {
    expect(isAcceptanceValid(createAcceptanceRecord(NOW), NOW)).toBe(true);
    expect(isAcceptanceValid(createAcceptanceRecord(NOW - 364 * DAY), NOW)).toBe(true);
  });

  it('expires at 365 days', () => {
    expect(isAcceptanceValid(createAcceptanceRecord(NOW - 365 * DAY), NOW)).toBe(false);
    expect(isAcceptanceValid(createAcceptanceRecord(NOW - 400 * DAY), NOW)).toBe(false);
  });

  it.each(['age', 'terms', 'privacy', 'liability'] as const)('is invalid without %s', (flag) => {
    const record = { ...createAcceptanceRecord(NOW), [flag]: false };
    expect(isAcceptanceValid(record, NOW)).toBe(false);
    const { [flag]: _removed, ...missing } = createAcceptanceRecord(NOW);
    expect(isAcceptanceValid(missing, NOW)).toBe(false);
  });

  it('rejects other versions, bad timestamps and non-objects', () => {
    expect(isAcceptanceValid({ ...createAcceptanceRecord(NOW), version: '0.9' }, NOW)).toBe(false);
    expect(isAcceptanceValid({ ...createAcceptanceRecord(NOW), timestamp: 'soon' }, NOW)).toBe(
      false,
    );
    expect(isAcceptanceValid({ ...createAcceptanceRecord(NOW), timestamp: null }, NOW)).toBe(false);
    expect(isAcceptanceValid(createAcceptanceRecord(NOW + 30 * DAY), NOW)).toBe(false);
    expect(isAcceptanceValid(null, NOW)).toBe(false);
    expect(isAcceptanceValid('accepted', NOW)).toBe(false);
  });

  it('accepts an ISO timestamp string', () => {
    const record = { ...createAcceptanceRecord(NOW), timestamp: new Date(NOW - DAY).toISOString() };
    expect(isAcceptanceValid(record, NOW)).toBe(true);
  });

  it('treats unparsable text as no record', () => {
    expect(parseAcceptance('{not json')).toBeNull();
    expect(parseAcceptance(null)).toBeNull();
  });

  it('requires all four checks', () => {
    expect(allChecked({ age: true, terms: true, privacy: true, liability: true })).toBe(true);
    expect(allChecked({ age: true, terms: true, privacy: false, liability: true })).toBe(false);
  });
});

describe('acceptance storage', () => {
  it('stores under loadout_acceptance and reads it back as valid', () => {
    const storage = memoryStorage();
    storeAcceptance(storage, NOW);
    expect(JSON.parse(storage.data.get(ACCEPTANCE_STORAGE_KEY)!)).toEqual(
      createAcceptanceRecord(NOW),
    );
    expect(hasValidAcceptance(storage, NOW + DAY)).toBe(true);
  });

  it('is not accepted when missing, unparsable or cleared', () => {
    expect(hasValidAcceptance(memoryStorage(), NOW)).toBe(false);
    expect(hasValidAcceptance(memoryStorage({ [ACCEPTANCE_STORAGE_KEY]: '{oops' }), NOW)).toBe(
      false,
    );
    const storage = memoryStorage();
    storeAcceptance(storage, NOW);
    clearAcceptance(storage);
    expect(hasValidAcceptance(storage, NOW)).toBe(false);
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(hasValidAcceptance(broken, NOW)).toBe(false);
    expect(() => storeAcceptance(broken, NOW)).not.toThrow();
    expect(() => clearAcceptance(broken)).not.toThrow();
  });
});
