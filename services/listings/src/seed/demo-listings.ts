import { type ListingInput } from '@loadout/contracts';

/** Fixed ids: re-running the seed finds them and changes nothing. */
export const DEMO_SELLER = {
  id: 'demo-seller-listings-example',
  username: 'demo_gear_shop',
  displayName: 'Demo Gear Shop (example)',
  county: 'Cork',
  sellerType: 'trader',
} as const;

export interface DemoListing extends ListingInput {
  id: string;
  daysAgo: number;
  /** Short name printed on the generated placeholder photos. */
  shortName: string;
  /** How many placeholder photos the seed generates (`demo-photos.ts`). */
  photoCount: 1 | 2;
}

/** Clearly fictional development listings, each with generated "Example photo" pictures. */
export const DEMO_LISTINGS: DemoListing[] = [
  {
    id: 'demo-listing-00000001',
    shortName: 'Hi-Capa 5.1 gas pistol',
    photoCount: 2,
    daysAgo: 1,
    title: 'Example Hi-Capa 5.1 gas pistol (demo)',
    description:
      'Demo listing: a fictional gas blowback pistol with two magazines. Chronographed at 310 fps on 0.20 g BBs.',
    category: 'pistols',
    condition: 'good',
    priceCents: 14_500,
    county: 'Cork',
    shipping: { postageCents: 900, collection: true },
    fps: 310,
    bbWeightGrams: 0.2,
  },
  {
    id: 'demo-listing-00000002',
    shortName: 'M4 AEG starter kit',
    photoCount: 2,
    daysAgo: 2,
    title: 'Example M4 AEG starter kit (demo)',
    description:
      'Demo listing: a fictional M4-style electric rifle with battery, charger and a mid-cap. 328 fps on 0.20 g.',
    category: 'aeg_rifles',
    condition: 'like_new',
    priceCents: 22_000,
    county: 'Dublin',
    shipping: { postageCents: 1200, collection: false },
    fps: 328,
    bbWeightGrams: 0.2,
  },
  {
    id: 'demo-listing-00000003',
    shortName: 'Bolt-action sniper',
    photoCount: 1,
    daysAgo: 3,
    title: 'Example bolt-action sniper (demo)',
    description:
      'Demo listing: a fictional spring bolt-action rifle, tuned to 270 fps on 0.28 g BBs for woodland games.',
    category: 'sniper_rifles',
    condition: 'good',
    priceCents: 18_000,
    county: 'Galway',
    shipping: { postageCents: null, collection: true },
    fps: 270,
    bbWeightGrams: 0.28,
  },
  {
    id: 'demo-listing-00000004',
    shortName: 'Red dot sight',
    photoCount: 1,
    daysAgo: 4,
    title: 'Example red dot sight (demo)',
    description: 'Demo listing: a fictional 1x red dot with a low mount. Battery included.',
    category: 'optics',
    condition: 'new',
    priceCents: 4_500,
    county: 'Cork',
    shipping: { postageCents: 600, collection: true },
  },
  {
    id: 'demo-listing-00000005',
    shortName: 'Plate carrier',
    photoCount: 1,
    daysAgo: 6,
    title: 'Example plate carrier, ranger green (demo)',
    description:
      'Demo listing: a fictional plate carrier with three magazine pouches and a hydration sleeve.',
    category: 'tactical_gear',
    condition: 'fair',
    priceCents: 6_000,
    county: 'Limerick',
    shipping: { postageCents: 800, collection: false },
  },
];
