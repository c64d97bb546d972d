import {
  effectiveSort,
  euroToCents,
  hasFilters,
  parseSearchParams,
  toListingFilters,
  withParam,
} from './search-params';

describe('euroToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.99', 99],
    [' 7 ', 700],
    ['3,20', 320],
  ])('reads %s euro as %i cents', (text, cents) => {
    expect(euroToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1.234', '1e3'])('refuses %j', (text) => {
    expect(euroToCents(text)).toBeUndefined();
  });
});

describe('parseSearchParams', () => {
  it('reads every filter and maps euro to cents for the API', () => {
    const state = parseSearchParams(
      new URLSearchParams(
        'search=%20m4%20&category=aeg_rifles&condition=like_new&county=Cork&minPrice=50&maxPrice=199.99&delivery=post&sort=price_asc',
      ),
    );
    expect(toListingFilters(state)).toEqual({
      search: 'm4',
      category: 'aeg_rifles',
      condition: 'like_new',
      county: 'Cork',
      minPriceCents: 5000,
      maxPriceCents: 19999,
      delivery: 'post',
      sort: 'price_asc',
    });
    expect(hasFilters(state)).toBe(true);
  });

  it('ignores unknown values', () => {
    const state = parseSearchParams(
      new URLSearchParams('category=lasers&county=Atlantis&minPrice=cheap&delivery=drone&sort=x'),
    );
    expect(state).toEqual({ search: '' });
    expect(hasFilters(state)).toBe(false);
  });

  it('sorts a search by relevance and browsing by newest unless chosen', () => {
    expect(effectiveSort(parseSearchParams(new URLSearchParams('search=glock')))).toBe('relevance');
    expect(effectiveSort(parseSearchParams(new URLSearchParams('')))).toBe('newest');
    expect(effectiveSort(parseSearchParams(new URLSearchParams('sort=relevance')))).toBe('newest');
  });
});

describe('withParam', () => {
  it('sets a trimmed value and removes an empty one', () => {
    const base = new URLSearchParams('county=Cork');
    expect(withParam(base, 'search', '  vest ').toString()).toBe('county=Cork&search=vest');
    expect(withParam(base, 'county', '   ').toString()).toBe('');
  });
});
