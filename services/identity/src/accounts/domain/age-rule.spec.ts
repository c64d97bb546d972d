import { ageOn, checkAdult, parseDateOfBirth, todayInDublin } from './age-rule';

describe('age rule', () => {
  it("uses Dublin's calendar date, not UTC's", () => {
    // 23:30 UTC on 31 March 2026 is already 1 April in Dublin (Irish Summer Time).
    expect(todayInDublin(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    // In winter Dublin is on UTC.
    expect(todayInDublin(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
  });

  it('counts whole years, turning 18 on the birthday itself', () => {
    expect(ageOn('2008-04-01', '2026-03-31')).toBe(17);
    expect(ageOn('2008-04-01', '2026-04-01')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('accepts an adult by date of birth at the Dublin midnight of the 18th birthday', () => {
    expect(
      checkAdult({ dateOfBirth: '2008-04-01', over18: true }, new Date('2026-03-31T23:30:00Z')),
    ).toEqual({ ok: true });
    expect(
      checkAdult({ dateOfBirth: '2008-04-01', over18: true }, new Date('2026-03-31T22:30:00Z')),
    ).toEqual({ ok: false, reason: 'under_18' });
  });

  it('lets the date of birth win over the declaration', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(checkAdult({ dateOfBirth: '2010-01-01', over18: true }, now)).toEqual({
      ok: false,
      reason: 'under_18',
    });
  });

  it('accepts the 18+ declaration when no date of birth is given', () => {
    expect(checkAdult({ over18: true })).toEqual({ ok: true });
    expect(checkAdult({ over18: false })).toEqual({ ok: false, reason: 'not_declared' });
    expect(checkAdult({})).toEqual({ ok: false, reason: 'not_declared' });
  });

  it('refuses impossible and future dates', () => {
    expect(parseDateOfBirth('2001-02-29')).toBeNull();
    expect(parseDateOfBirth('01-02-2001')).toBeNull();
    expect(checkAdult({ dateOfBirth: '1990-13-01', over18: true })).toEqual({
      ok: false,
      reason: 'invalid_date',
    });
    expect(
      checkAdult({ dateOfBirth: '2030-01-01', over18: true }, new Date('2026-01-01T00:00:00Z')),
    ).toEqual({ ok: false, reason: 'future_date' });
  });
});
