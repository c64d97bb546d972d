import { formatJoules, formatOpeningDays, safeWebsite, telHref } from './field-format';

describe('field formatting', () => {
  it('lists opening days Monday first and capitalised', () => {
    expect(formatOpeningDays(['sunday', 'saturday'])).toBe('Saturday, Sunday');
    expect(formatOpeningDays([])).toBe('By arrangement');
  });

  it('shows limits in joules', () => {
    expect(formatJoules(1)).toBe('1.00 J');
    expect(formatJoules(0.9)).toBe('0.90 J');
    expect(formatJoules(null)).toBe('Not stated');
  });

  it('only links http(s) websites', () => {
    expect(safeWebsite('https://example.ie/play')).toBe('https://example.ie/play');
    expect(safeWebsite('example.ie')).toBe('https://example.ie/');
    expect(safeWebsite('javascript:alert(1)')).toBeNull();
    expect(safeWebsite(null)).toBeNull();
  });

  it('builds tel: links from phone numbers', () => {
    expect(telHref('+353 1 234 5678')).toBe('tel:+35312345678');
    expect(telHref('(087) 123-4567')).toBe('tel:0871234567');
  });
});
