import {
  IRISH_COUNTIES,
  isReplicaCategory,
  LISTING_CATEGORIES,
  type ListingCategory,
} from '@loadout/contracts';
import { checkJoules, maxVelocityForLimit } from '@loadout/listing-rules';

/** Bulk rows are recognisable by id, so `--reset` removes exactly them. */
export const BULK_ID_PREFIX = 'bulk-';
export const BULK_SELLER_PREFIX = 'bulk-seller-';

export const bulkListingId = (n: number) => `${BULK_ID_PREFIX}${String(n).padStart(16, '0')}`;
export const bulkSellerId = (n: number) => `${BULK_SELLER_PREFIX}${String(n).padStart(4, '0')}`;

/** Small deterministic PRNG (mulberry32): the same seed gives the same data set. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1]![0];
  };
  return { next, int, pick, weighted };
}
export type Random = ReturnType<typeof createRandom>;

const BRANDS = [
  'Tokyo Marui',
  'Specna Arms',
  'G&G',
  'Krytac',
  'VFC',
  'Cyma',
  'WE Tech',
  'KWA',
  'Ares',
  'Action Army',
  'Silverback',
  'Lonex',
  'Novritsch',
  'Emerald Tactical',
  'Shamrock Arms',
  // Appended (issue 14) so the search relevance set covers every brand alias.
  'ICS',
  'LCT',
  'E&L',
] as const;

const MODELS: Record<ListingCategory, readonly string[]> = {
  aeg_rifles: [
    'SA-E20 Edge',
    'M4 CQB',
    'MK18 Mod 1',
    'AK-74M',
    'G36C',
    'MP5A5',
    'Scar-L',
    'KRISS Vector',
    'HK416',
    'SR-25 Lite',
    // Appended (issue 14): model names the search relevance set asks for.
    'M4A1',
    'M4 RIS',
    'M4 CQB-R',
  ],
  gas_rifles: ['M4 GBBR', 'AKM GBB', 'MP7A1 GBB', 'Mk16 GBBR', 'VSR Gas', 'UMP45 GBB', 'MK18 GBBR'],
  pistols: [
    'Hi-Capa 5.1',
    'Glock 17',
    'Glock 19 Gen 5',
    'M9A1',
    'P226',
    'USP Compact',
    '1911 MEU',
    'Desert Eagle',
    'Hi-Capa 4.3',
  ],
  sniper_rifles: ['VSR-10', 'SRS A2', 'L96 AWS', 'M40A5', 'Tac-41', 'SSG24'],
  shotguns: ['M870 Breacher', 'SPAS-12', 'M1014', 'Tri-Shot'],
  support_weapons: ['M249 Para', 'PKM', 'Stoner LMG', 'M60 E4'],
  optics: [
    '1x red dot',
    '1-4x LPVO',
    'holographic sight',
    '3x magnifier',
    '4x32 scope',
    'micro dot',
  ],
  tactical_gear: [
    'plate carrier',
    'chest rig',
    'battle belt',
    'drop leg holster',
    'dump pouch',
    'radio pouch',
  ],
  clothing: [
    'combat shirt',
    'combat trousers',
    'softshell jacket',
    'boonie hat',
    'tactical gloves',
  ],
  protection: [
    'full-seal goggles',
    'mesh lower face mask',
    'FAST helmet',
    'shooting glasses',
    'knee pads',
  ],
  parts_upgrades: [
    'tight-bore barrel',
    'hop-up unit',
    'MOSFET',
    'gearbox shell',
    'high-torque motor',
    'nozzle set',
    'HPA engine',
    'mid-cap magazine',
  ],
  batteries_chargers: [
    '11.1v LiPo 1300mAh',
    '7.4v LiPo 2000mAh',
    'smart balance charger',
    'NiMH 9.6v stick',
  ],
  bbs_gas: [
    '0.25 g bio BBs 4000',
    '0.20 g BBs 5000',
    'green gas 1L',
    '0.30 g tracer BBs',
    'CO2 capsules x20',
  ],
  other: ['gun bag', 'hard case', 'magazine loader', 'target set', 'chronograph'],
};

const ADJECTIVES = ['', '', 'upgraded', 'tuned', 'lightly used', 'boxed', 'custom', 'barely used'];
const COLOURS = ['', '', '', 'black', 'tan', 'ranger green', 'multicam'];

const PRICE_RANGE: Record<ListingCategory, readonly [number, number]> = {
  aeg_rifles: [120, 600],
  gas_rifles: [200, 900],
  pistols: [60, 250],
  sniper_rifles: [150, 700],
  shotguns: [60, 300],
  support_weapons: [300, 1200],
  optics: [15, 250],
  tactical_gear: [15, 180],
  clothing: [10, 120],
  protection: [10, 150],
  parts_upgrades: [10, 200],
  batteries_chargers: [10, 80],
  bbs_gas: [5, 40],
  other: [5, 150],
};

const CATEGORY_WEIGHTS = LISTING_CATEGORIES.map(
  (c) => [c, isReplicaCategory(c) ? (c === 'aeg_rifles' || c === 'pistols' ? 12 : 5) : 5] as const,
);
const COUNTY_WEIGHTS = IRISH_COUNTIES.map(
  (c) =>
    [
      c,
      (
        {
          Dublin: 30,
          Cork: 15,
          Galway: 6,
          Limerick: 5,
          Kildare: 5,
          Meath: 4,
          Wicklow: 3,
          Waterford: 3,
        } as Record<string, number>
      )[c] ?? 1.2,
    ] as const,
);
const CONDITION_WEIGHTS = [
  ['new', 10],
  ['like_new', 25],
  ['good', 40],
  ['fair', 20],
  ['for_parts', 5],
] as const;

const SENTENCES = [
  'Selling as I have moved on to a different platform.',
  'Used at a handful of skirmishes, always cleaned and stored indoors.',
  'Comes with the original box and manual.',
  'Chronographed last month at my local field.',
  'No leaks, no cracks, everything works as it should.',
  'Happy to show it working on collection.',
  'Ideal for a new player getting into the sport.',
  'Recent service, new seals and a fresh hop rubber.',
  'Minor cosmetic wear on the finish, nothing functional.',
  'Price is firm, no swaps please.',
];

export interface BulkRow {
  id: string;
  sellerId: string;
  status: 'active' | 'reserved' | 'sold';
  title: string;
  description: string;
  category: ListingCategory;
  condition: string;
  priceCents: number;
  county: string;
  postageCents: number | null;
  collection: boolean;
  fps: number | null;
  bbWeightGrams: number | null;
  joules: number | null;
  thumbUrl: string | null;
  imageCount: number;
  favoriteCount: number;
  publishedAt: Date;
}

/** One realistic, valid, clearly fictional listing (never above 1 J). */
export function bulkListing(n: number, r: Random, sellers: number, now: number): BulkRow {
  const category = r.weighted(CATEGORY_WEIGHTS);
  const replica = isReplicaCategory(category);
  const title = [
    r.pick(ADJECTIVES),
    replica ? r.pick(BRANDS) : '',
    r.pick(COLOURS),
    r.pick(MODELS[category]),
  ]
    .filter(Boolean)
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase())
    .slice(0, 80);
  const sentences = Array.from({ length: r.int(2, 4) }, () => r.pick(SENTENCES));
  const description = [...new Set(sentences)].join(' ') + ` Listing ${n}.`;
  const [lo, hi] = PRICE_RANGE[category];
  const priceCents = r.int(lo, hi) * 100 - (r.next() < 0.5 ? 0 : 1);
  let fps: number | null = null;
  let bb: number | null = null;
  let joules: number | null = null;
  if (replica) {
    bb = category === 'sniper_rifles' ? r.pick([0.28, 0.3, 0.32]) : r.pick([0.2, 0.2, 0.25]);
    fps = Math.min(r.int(250, 330), maxVelocityForLimit(1, bb).fpsFloor);
    joules = checkJoules(fps, bb).joules;
  }
  const delivery = r.weighted([
    ['both', 50],
    ['post', 30],
    ['collection', 20],
  ] as const);
  const hasThumb = r.next() < 0.7;
  const status = r.weighted([
    ['active', 95],
    ['reserved', 2],
    ['sold', 3],
  ] as const);
  return {
    id: bulkListingId(n),
    sellerId: bulkSellerId(r.int(1, sellers)),
    status,
    title,
    description,
    category,
    condition: r.weighted(CONDITION_WEIGHTS),
    priceCents,
    county: r.weighted(COUNTY_WEIGHTS),
    postageCents: delivery === 'collection' ? null : r.pick([600, 800, 900, 1200, 1500]),
    collection: delivery !== 'post',
    fps,
    bbWeightGrams: bb,
    joules,
    thumbUrl: hasThumb ? `/assets/placeholder/listing-${(n % 24) + 1}.webp` : null,
    imageCount: hasThumb ? 1 : 0,
    favoriteCount: r.next() < 0.2 ? r.int(1, 25) : 0,
    publishedAt: new Date(now - Math.floor(r.next() * 180 * 24 * 3600_000)),
  };
}

const FIRST = [
  'Aoife',
  'Cian',
  'Niamh',
  'Oisín',
  'Saoirse',
  'Darragh',
  'Ciara',
  'Fionn',
  'Róisín',
  'Tadhg',
];
const LAST = ['Example', 'Sample', 'Testwood', 'Demo', 'Placeholder'];

export function bulkSeller(n: number, r: Random, now: number) {
  const first = r.pick(FIRST);
  return {
    id: bulkSellerId(n),
    username: `bulk_${first
      .normalize('NFD')
      .replace(/[^a-z]/gi, '')
      .toLowerCase()}_${n}`,
    displayName: `${first} ${r.pick(LAST)} (fictional)`,
    county: r.weighted(COUNTY_WEIGHTS),
    sellerType: r.next() < 0.1 ? 'trader' : 'private',
    memberSince: new Date(now - r.int(200, 2000) * 24 * 3600_000),
  };
}
