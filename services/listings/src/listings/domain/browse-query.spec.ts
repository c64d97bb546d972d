import { AppError } from '@loadout/errors';
import { parseBrowseQuery } from './browse-query';

const problemsOf = (raw: Record<string, unknown>) => {
  try {
    parseBrowseQuery(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('COMMON.VALIDATION_FAILED');
    return (err as AppError).details as { field: string; messages: string[] }[];
  }
  throw new Error('expected a validation error');
};

describe('parseBrowseQuery', () => {
  it('turns a full query into search parameters', () => {
    expect(
      parseBrowseQuery({
        search: '  hi-capa ',
        category: 'pistols',
        condition: 'good',
        county: 'Cork',
        minPriceCents: '1000',
        maxPriceCents: '50000',
        delivery: 'post',
        sellerId: 'seller-1',
        sort: 'price_asc',
        cursor: 'abc',
        limit: '12',
      }),
    ).toEqual({
      search: 'hi-capa',
      category: 'pistols',
      condition: 'good',
      county: 'Cork',
      minPriceCents: 1000,
      maxPriceCents: 50000,
      delivery: 'post',
      sellerId: 'seller-1',
      sort: 'price_asc',
      cursor: 'abc',
      limit: 12,
    });
    expect(parseBrowseQuery({})).toEqual({});
  });

  it('names every bad field with the messages users see', () => {
    expect(
      problemsOf({
        category: 'tanks',
        county: 'Antrim',
        minPriceCents: '12.5',
        maxPriceCents: '-1',
        limit: '49',
        sort: 'cheapest',
      }),
    ).toEqual([
      { field: 'category', messages: ['Choose a category from the list.'] },
      { field: 'county', messages: ['County must be one of the 26 counties.'] },
      { field: 'minPriceCents', messages: ['Minimum price must be a whole number of cents.'] },
      { field: 'maxPriceCents', messages: ['Maximum price cannot be negative.'] },
      { field: 'limit', messages: ['Limit must be between 1 and 48.'] },
      {
        field: 'sort',
        messages: ['Sort must be one of newest, price_asc, price_desc, relevance.'],
      },
    ]);
  });

  it('refuses unknown, repeated and over-long parameters', () => {
    expect(problemsOf({ colour: 'tan' })).toEqual([
      { field: 'colour', messages: ['Property colour should not exist.'] },
    ]);
    expect(problemsOf({ category: ['pistols', 'optics'] })[0]?.field).toBe('category');
    expect(problemsOf({ search: 'x'.repeat(101) })[0]?.messages).toEqual([
      'Search text must be at most 100 characters.',
    ]);
    expect(problemsOf({ limit: 'ten' })[0]?.messages).toEqual(['Limit must be a whole number.']);
  });
});
