import {
  DELIVERY_OPTIONS,
  IRISH_COUNTIES,
  LISTING_CATEGORIES,
  LISTING_CONDITIONS,
  LISTING_LIMITS,
  LISTING_SORTS,
  type ListingSearchParams,
} from '@loadout/contracts';
import { validationError } from '@loadout/errors';

interface Problem {
  field: string;
  messages: string[];
}

const ENUMS: Record<string, { values: readonly string[]; message: string }> = {
  category: { values: LISTING_CATEGORIES, message: 'Choose a category from the list.' },
  condition: { values: LISTING_CONDITIONS, message: 'Choose a condition from the list.' },
  county: { values: IRISH_COUNTIES, message: 'County must be one of the 26 counties.' },
  delivery: { values: DELIVERY_OPTIONS, message: 'Delivery must be post or collection.' },
  sort: { values: LISTING_SORTS, message: `Sort must be one of ${LISTING_SORTS.join(', ')}.` },
};

const PRICES = {
  minPriceCents: 'Minimum price',
  maxPriceCents: 'Maximum price',
} as const;

const KNOWN = new Set([
  ...Object.keys(ENUMS),
  ...Object.keys(PRICES),
  'search',
  'sellerId',
  'cursor',
  'limit',
]);

const INTEGER = /^-?\d{1,9}$/;

/**
 * `GET /api/v1/listings` query → `ListingSearchParams`, or a 400 naming every bad field (the
 * same code, messages and `details` shape as the validation pipe). Hand-written because this
 * is the hottest route: class-validator costs more CPU per request than the rest of the
 * service's work (see infra/bench/README.md).
 */
export function parseBrowseQuery(raw: Record<string, unknown>): ListingSearchParams {
  const problems: Problem[] = [];
  const fail = (field: string, message: string) => problems.push({ field, messages: [message] });
  const out: ListingSearchParams = {};

  for (const [key, value] of Object.entries(raw)) {
    if (!KNOWN.has(key)) {
      fail(key, `Property ${key} should not exist.`);
      continue;
    }
    if (typeof value !== 'string') {
      fail(key, `${key} must be given once.`);
      continue;
    }
    if (key in ENUMS) {
      const rule = ENUMS[key]!;
      if (rule.values.includes(value)) Object.assign(out, { [key]: value });
      else fail(key, rule.message);
    } else if (key in PRICES) {
      const label = PRICES[key as keyof typeof PRICES];
      if (!INTEGER.test(value)) fail(key, `${label} must be a whole number of cents.`);
      else if (Number(value) < 0) fail(key, `${label} cannot be negative.`);
      else out[key as keyof typeof PRICES] = Number(value);
    } else if (key === 'limit') {
      const n = Number(value);
      if (!INTEGER.test(value)) fail(key, 'Limit must be a whole number.');
      else if (n < 1 || n > LISTING_LIMITS.pageMax)
        fail(key, `Limit must be between 1 and ${LISTING_LIMITS.pageMax}.`);
      else out.limit = n;
    } else if (key === 'search') {
      const text = value.trim();
      if (text.length > LISTING_LIMITS.searchMax)
        fail(key, `Search text must be at most ${LISTING_LIMITS.searchMax} characters.`);
      else out.search = text;
    } else if (key === 'sellerId') {
      if (value.length > 36) fail(key, 'sellerId must be at most 36 characters.');
      else out.sellerId = value;
    } else if (value.length > 512) {
      fail(key, 'cursor must be at most 512 characters.');
    } else {
      out.cursor = value;
    }
  }

  const first = problems[0];
  if (first) throw validationError('COMMON.VALIDATION_FAILED', first.messages[0]!, problems);
  return out;
}
