import { type ListingInput } from '@loadout/contracts';

let n = 0;

/** A complete, publishable replica listing (328 fps at 0.20 g = 0.999 J). */
export function buildListing(overrides: ListingInput = {}): ListingInput {
  n += 1;
  return {
    title: `Test Replica ${String(n).padStart(3, '0')}`,
    description: 'A well kept test replica with two magazines, chronographed last month.',
    category: 'pistols',
    condition: 'good',
    priceCents: 10_000 + n,
    county: 'Dublin',
    shipping: { postageCents: 900, collection: true },
    fps: 328,
    bbWeightGrams: 0.2,
    imageIds: [`img-${n}-a`, `img-${n}-b`],
    publish: true,
    ...overrides,
  };
}
