import { AppError } from '@loadout/errors';
import {
  browseKey,
  cursorValues,
  filterKey,
  normaliseBrowseParams,
  positionFrom,
} from './browse-params';

describe('browse parameters', () => {
  it('defaults to newest without a search and relevance with one', () => {
    expect(normaliseBrowseParams({}).sort).toBe('newest');
    expect(normaliseBrowseParams({ search: 'glock' }).sort).toBe('relevance');
    expect(normaliseBrowseParams({ search: 'glock', sort: 'price_asc' }).sort).toBe('price_asc');
    expect(normaliseBrowseParams({ sort: 'relevance' }).sort).toBe('newest');
  });

  it('normalises the search text and treats a blank one as none', () => {
    expect(normaliseBrowseParams({ search: '  Kriss   VECTOR ' }).search).toBe('kriss vector');
    expect(normaliseBrowseParams({ search: '   ' }).search).toBeNull();
  });

  it('uses the default page size and caps it', () => {
    expect(normaliseBrowseParams({}).limit).toBe(24);
    expect(normaliseBrowseParams({ limit: 500 }).limit).toBe(48);
  });

  it('refuses a minimum price above the maximum', () => {
    expect(() => normaliseBrowseParams({ minPriceCents: 5000, maxPriceCents: 100 })).toThrow(
      'The minimum price cannot be above the maximum price.',
    );
  });

  it('keys a total by the filters only, not by sort, page or size', () => {
    const first = normaliseBrowseParams({ category: 'pistols', sort: 'price_asc' });
    const later = normaliseBrowseParams({ category: 'pistols', cursor: 'abc', limit: 12 });
    expect(filterKey(first)).toBe(filterKey(later));
    expect(filterKey(first)).not.toBe(filterKey(normaliseBrowseParams({ category: 'optics' })));
  });

  it('gives equal queries equal keys and different queries different keys', () => {
    expect(browseKey(normaliseBrowseParams({ search: 'Glock ' }))).toBe(
      browseKey(normaliseBrowseParams({ search: 'glock', sort: 'relevance' })),
    );
    expect(browseKey(normaliseBrowseParams({ county: 'Cork' }))).not.toBe(
      browseKey(normaliseBrowseParams({ county: 'Dublin' })),
    );
  });

  it('round-trips positions and refuses cursors of another sort or with bad keys', () => {
    const ts = '2026-01-02 10:11:12.123456+00';
    const x = 'V1StGXR8_Z5jdHi6B-myT';
    expect(positionFrom('newest', cursorValues('newest', { key: ts, id: x }))).toEqual({
      key: ts,
      id: x,
    });
    expect(positionFrom('price_asc', ['price_asc', 1500, x])).toEqual({ key: 1500, id: x });
    const refused = (sort: string, values: (string | number | null)[]) => {
      try {
        positionFrom(sort, values);
        return null;
      } catch (err) {
        return (err as AppError).code;
      }
    };
    expect(refused('price_asc', ['newest', ts, 'x'])).toBe('COMMON.INVALID_CURSOR');
    expect(refused('newest', ['newest', "'; drop table", 'x'])).toBe('COMMON.INVALID_CURSOR');
    expect(refused('price_desc', ['price_desc', 1.5, 'x'])).toBe('COMMON.INVALID_CURSOR');
    expect(refused('relevance', ['relevance', 0.4, null])).toBe('COMMON.INVALID_CURSOR');
    // finding 4: values Postgres would refuse (month 13, year 0000, above int4, not an id)
    expect(refused('newest', ['newest', '2026-13-02 10:11:12+00', x])).toBe(
      'COMMON.INVALID_CURSOR',
    );
    expect(refused('mine', ['mine', '0000-01-02 10:11:12+00', x])).toBe('COMMON.INVALID_CURSOR');
    expect(refused('price_asc', ['price_asc', 2 ** 31, x])).toBe('COMMON.INVALID_CURSOR');
    expect(refused('favorites', ['favorites', ts, 'x\u0000'])).toBe('COMMON.INVALID_CURSOR');
  });
});
