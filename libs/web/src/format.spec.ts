import {
  formatListingPrice,
  formatMonthYear,
  memberSince,
  formatPrice,
  relativeTime,
  truncateDescription,
  truncateTitle,
  lazy,
  dublinOffsetMs,
  formatCount,
  formatShortDate,
} from './format';

describe('formatPrice', () => {
  it('formats cents as euro in en-IE without trailing .00 for whole euros', () => {
    expect(formatPrice(4500)).toBe('€45');
    expect(formatPrice(1250)).toBe('€12.50');
    expect(formatPrice(123456)).toBe('€1,234.56');
    expect(formatPrice(0)).toBe('€0');
  });
});

describe('formatListingPrice', () => {
  it('always shows 2 decimals', () => {
    expect(formatListingPrice(4500)).toBe('€45.00');
    expect(formatListingPrice(1250)).toBe('€12.50');
    expect(formatListingPrice(2000000)).toBe('€20,000.00');
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('counts seconds under a minute, singular and plural', () => {
    expect(relativeTime(ago(0), now)).toBe('0 seconds ago');
    expect(relativeTime(ago(1 * SECOND), now)).toBe('1 second ago');
    expect(relativeTime(ago(59 * SECOND), now)).toBe('59 seconds ago');
  });

  it('counts minutes under an hour', () => {
    expect(relativeTime(ago(60 * SECOND), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toBe('59 minutes ago');
  });

  it('counts hours under a day', () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR), now)).toBe('23 hours ago');
  });

  it('counts days under a week', () => {
    expect(relativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(relativeTime(ago(6 * DAY + 23 * HOUR), now)).toBe('6 days ago');
  });

  it('shows a short en-IE date from 7 days on', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('8 Jun 2025');
    expect(relativeTime('2024-01-05T10:00:00Z', now)).toBe('5 Jan 2024');
  });

  it('treats future times as now', () => {
    expect(relativeTime(new Date(now.getTime() + 5000), now)).toBe('0 seconds ago');
  });
});

describe('truncateTitle', () => {
  it('keeps titles of up to 60 characters', () => {
    const title = 'x'.repeat(60);
    expect(truncateTitle(title)).toBe(title);
  });

  it('cuts longer titles to 57 characters plus "..." (60 in all)', () => {
    const result = truncateTitle('a'.repeat(61));
    expect(result).toBe(`${'a'.repeat(57)}...`);
    expect(result).toHaveLength(60);
  });

  it('does not split a character made of two code units', () => {
    const result = truncateTitle('🎯'.repeat(70));
    expect(Array.from(result)).toHaveLength(60);
    expect(result.endsWith('🎯...')).toBe(true);
  });
});

describe('truncateDescription', () => {
  it('keeps descriptions of up to 160 characters', () => {
    expect(truncateDescription('d'.repeat(160))).toBe('d'.repeat(160));
  });

  it('cuts longer descriptions to 157 characters plus "..."', () => {
    const result = truncateDescription('d'.repeat(200));
    expect(result).toBe(`${'d'.repeat(157)}...`);
    expect(result).toHaveLength(160);
  });
});

describe('member since', () => {
  it('formats "Member since <Mon YYYY>" in Irish time', () => {
    expect(memberSince('2025-03-14T10:00:00Z')).toBe('Member since Mar 2025');
    expect(formatMonthYear('2025-09-02T10:00:00Z')).toBe('Sept 2025');
    // 23:30 UTC on 31 May is already June in Dublin (IST, UTC+1); in winter Dublin is UTC.
    expect(formatMonthYear('2025-05-31T23:30:00Z')).toBe('Jun 2025');
    expect(memberSince('2024-12-31T23:30:00Z')).toBe('Member since Dec 2024');
    expect(memberSince('not a date')).toBe('');
  });
});

describe('lazy', () => {
  it('builds nothing until first asked, then reuses what it built', () => {
    const make = jest.fn(() => ({ built: true }));
    const get = lazy(make);
    expect(make).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});

// The hand-written formatting must print what Intl prints for en-IE (the oracle here: Node's
// ICU, the same CLDR data as Chromium's).
describe('matches Intl en-IE', () => {
  const cents = [0, 1, 5, 10, 99, 100, 101, 1250, 4500, 99999, 100000, 123456, 2000000, 123456789];
  const amounts = [...cents, ...cents.map((c) => -c).filter((c) => c !== 0)];

  it('formats euro amounts as Intl does, with and without whole-euro cents', () => {
    const euros = { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 } as const;
    const listing = new Intl.NumberFormat('en-IE', { ...euros, maximumFractionDigits: 2 });
    const price = new Intl.NumberFormat('en-IE', {
      ...euros,
      maximumFractionDigits: 2,
      trailingZeroDisplay: 'stripIfInteger',
    });
    for (const c of amounts) {
      expect(formatListingPrice(c)).toBe(listing.format(c / 100));
      expect(formatPrice(c)).toBe(price.format(c / 100));
    }
  });

  it('groups counts as toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1234]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-IE'));
    }
    expect(formatCount(2.6)).toBe('3');
  });

  it('prints short dates as Intl does in the local time zone, every month', () => {
    const intl = new Intl.DateTimeFormat('en-IE', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, month + 1, 12);
      expect(formatShortDate(date)).toBe(intl.format(date));
    }
    expect(formatShortDate(new Date(2025, 8, 5))).toBe('5 Sept 2025');
    expect(formatShortDate('not a date')).toBe('');
  });

  it("gives Dublin's month and year as Intl does, across summer-time changes and month ends", () => {
    const parts = new Intl.DateTimeFormat('en-IE', {
      timeZone: 'Europe/Dublin',
      year: 'numeric',
      month: 'short',
    });
    const hour = 3_600_000;
    // Every 7 hours over 2024–2027 reaches each hour of the day around every month end.
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 7 * hour) {
      const iso = new Date(t).toISOString();
      const expected = parts.formatToParts(t);
      const month = expected.find((p) => p.type === 'month')!.value;
      const year = expected.find((p) => p.type === 'year')!.value;
      expect(`${iso} ${formatMonthYear(iso)}`).toBe(`${iso} ${month} ${year}`);
    }
  });

  it('switches to summer time at 01:00 UTC on the last Sundays of March and October', () => {
    const hour = 3_600_000;
    const march = Date.UTC(2026, 2, 29, 1);
    const october = Date.UTC(2026, 9, 25, 1);
    expect(dublinOffsetMs(march - 1)).toBe(0);
    expect(dublinOffsetMs(march)).toBe(hour);
    expect(dublinOffsetMs(october - 1)).toBe(hour);
    expect(dublinOffsetMs(october)).toBe(0);
  });
});
