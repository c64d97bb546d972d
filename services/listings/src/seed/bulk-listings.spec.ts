import { LISTING_LIMITS } from '@loadout/contracts';
import { validateListing } from '@loadout/listing-rules';
import { bulkListing, bulkListingId, createRandom } from './bulk-listings';

describe('bulk listing generator', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const rows = Array.from({ length: 2000 }, (_, i) =>
    bulkListing(i + 1, createRandom(i + 1), 500, now),
  );

  it('makes valid listings that never exceed 1 joule', () => {
    for (const row of rows) {
      const problems = validateListing(
        {
          title: row.title,
          description: row.description,
          category: row.category,
          condition: row.condition as never,
          priceCents: row.priceCents,
          county: row.county as never,
          shipping: { postageCents: row.postageCents, collection: row.collection },
          fps: row.fps,
          bbWeightGrams: row.bbWeightGrams,
          imageIds: ['x'],
        },
        { forPublish: true },
      );
      expect(problems).toEqual([]);
      if (row.joules !== null) expect(row.joules).toBeLessThanOrEqual(1.004);
    }
  });

  it('is deterministic, with 21-character prefixed ids and varied data', () => {
    expect(bulkListing(7, createRandom(7), 500, now)).toEqual(rows[6]);
    expect(bulkListingId(100_000)).toHaveLength(21);
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThan(10);
    const dublin = rows.filter((r) => r.county === 'Dublin').length / rows.length;
    expect(dublin).toBeGreaterThan(0.2);
    const withThumb = rows.filter((r) => r.thumbUrl).length / rows.length;
    expect(withThumb).toBeGreaterThan(0.6);
    expect(withThumb).toBeLessThan(0.8);
    const oldest = Math.min(...rows.map((r) => r.publishedAt.getTime()));
    expect(now - oldest).toBeLessThanOrEqual(180 * 24 * 3600_000);
    expect(rows.every((r) => r.title.length >= LISTING_LIMITS.titleMin)).toBe(true);
  });
});
