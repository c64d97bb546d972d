import {
  formatListingPrice,
  formatMonthYear,
  memberSince,
  formatPrice,
  relativeTime,
  truncateDescription,
  truncateTitle,
  lazy,
  prepareFormattersWhenIdle,
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
    expect(formatMonthYear('2025-09-02T10:00:00Z')).toBe('Sep 2025');
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

describe('prepareFormattersWhenIdle', () => {
  it('builds one formatter per idle period, and formatting works the same afterwards', () => {
    const idle: (() => void)[] = [];
    const original = globalThis.requestIdleCallback;
    globalThis.requestIdleCallback = ((run: () => void) => {
      idle.push(run);
      return idle.length;
    }) as typeof requestIdleCallback;
    const NumberFormat = jest.spyOn(Intl, 'NumberFormat');
    try {
      prepareFormattersWhenIdle();
      expect(idle).toHaveLength(1);
      let periods = 0;
      while (idle.length > 0) {
        idle.shift()!();
        periods += 1;
      }
      expect(periods).toBe(5);
      const built = NumberFormat.mock.calls.length;
      expect(formatPrice(4500)).toBe('€45');
      expect(NumberFormat.mock.calls.length).toBe(built);
    } finally {
      NumberFormat.mockRestore();
      globalThis.requestIdleCallback = original;
    }
  });
});
