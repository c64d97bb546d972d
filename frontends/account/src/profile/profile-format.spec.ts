import { formatMonthYear, initials, memberSince, sellerTypeLabel } from './profile-format';

describe('profile formatting', () => {
  it('formats "Member since <Mon YYYY>" in Irish time', () => {
    expect(memberSince('2025-03-14T10:00:00Z')).toBe('Member since Mar 2025');
    expect(formatMonthYear('2025-09-02T10:00:00Z')).toBe('Sep 2025');
    // 23:30 UTC on 31 May is already June in Dublin (IST, UTC+1).
    expect(formatMonthYear('2025-05-31T23:30:00Z')).toBe('Jun 2025');
    expect(memberSince('not a date')).toBe('');
  });

  it('labels seller types', () => {
    expect(sellerTypeLabel('private')).toBe('Private seller');
    expect(sellerTypeLabel('trader')).toBe('Trader');
    expect(sellerTypeLabel(undefined)).toBe('Private seller');
  });

  it('makes initials', () => {
    expect(initials("Niamh O'Brien")).toBe('NO');
    expect(initials('  ')).toBe('?');
  });
});
