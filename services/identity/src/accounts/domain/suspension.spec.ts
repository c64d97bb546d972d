import { isSuspended, suspensionEnd, suspensionEndText, suspensionState } from './suspension';

const now = new Date('2026-11-27T10:00:00Z');

describe('suspension rules', () => {
  it('ends 7 or 30 days after it starts, never for a permanent one', () => {
    expect(suspensionEnd('7d', now)?.toISOString()).toBe('2026-12-04T10:00:00.000Z');
    expect(suspensionEnd('30d', now)?.toISOString()).toBe('2026-12-27T10:00:00.000Z');
    expect(suspensionEnd('permanent', now)).toBeNull();
  });

  it('is active until its end date, then expired', () => {
    const until = new Date('2026-12-04T10:00:00Z');
    expect(suspensionState({ suspendedAt: now, suspendedUntil: until }, now)).toBe('active');
    expect(suspensionState({ suspendedAt: now, suspendedUntil: until }, until)).toBe('expired');
    expect(suspensionState({ suspendedAt: now, suspendedUntil: null }, until)).toBe('active');
    expect(suspensionState({ suspendedAt: null, suspendedUntil: null }, now)).toBe('none');
    expect(isSuspended({ suspendedAt: now, suspendedUntil: new Date(0) }, now)).toBe(false);
  });

  it('writes the end date in Irish time', () => {
    expect(suspensionEndText(new Date('2026-12-04T10:00:00Z'))).toMatch(/4 December 2026/);
    // 23:30 UTC on 30 June is already 1 July in Dublin (summer time).
    expect(suspensionEndText(new Date('2026-06-30T23:30:00Z'))).toMatch(/1 July 2026/);
  });
});
