import {
  type IrishCounty,
  type ListingCategory,
  type ListingCondition,
  type ListingDto,
  type ListingInput,
  isReplicaCategory,
  LISTING_LIMITS,
} from '@loadout/contracts';
import { type FieldProblem, validateListing } from '@loadout/listing-rules';

/** What the inputs hold: text as typed, so a half-typed price stays as it is. */
export interface ListingFormValues {
  title: string;
  description: string;
  category: ListingCategory | '';
  condition: ListingCondition | '';
  price: string;
  county: IrishCounty | '';
  post: boolean;
  postage: string;
  collection: boolean;
  fps: string;
  bbWeight: string;
}

/** The form's fields, in page order (focus goes to the first with an error). */
export const FORM_FIELDS = [
  'photos',
  'title',
  'description',
  'category',
  'condition',
  'price',
  'county',
  'delivery',
  'postage',
  'fps',
  'bbWeight',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormErrors = Partial<Record<FormField, string>>;

/** Element id of each field's control (the one focused when it has an error). */
export const fieldId = (field: FormField) => `sell-${field}`;

/** Which form field a server/validation field name belongs to. */
const FIELD_BY_API_NAME: Record<string, FormField> = {
  imageIds: 'photos',
  title: 'title',
  description: 'description',
  category: 'category',
  condition: 'condition',
  priceCents: 'price',
  county: 'county',
  shipping: 'delivery',
  'shipping.collection': 'delivery',
  'shipping.postageCents': 'postage',
  fps: 'fps',
  bbWeightGrams: 'bbWeight',
};

export function formFieldOf(apiField: string): FormField | undefined {
  return FIELD_BY_API_NAME[apiField] ?? FIELD_BY_API_NAME[apiField.split('.')[0] ?? ''];
}

export const PRICE_MESSAGES = {
  format: 'Enter an amount in euro, e.g. 45 or 45.50.',
  decimals: 'Use at most 2 decimals (cents), e.g. 45.50.',
  postageRequired: 'Enter the postage price, or untick tracked post.',
  fps: 'Enter the measured velocity in fps, e.g. 328.',
  bbWeight: 'Enter the BB weight in grams, e.g. 0.20.',
} as const;

export type Parsed = { ok: true; value: number | undefined } | { ok: false; message: string };

/**
 * Euro as typed → integer cents: "45" → 4500, "45.5" → 4550, "€1,250.50" → 125050. More than
 * 2 decimals is refused rather than rounded. Empty → undefined.
 */
export function parseEuro(text: string): Parsed {
  const cleaned = text
    .trim()
    .replace(/^€\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!cleaned) return { ok: true, value: undefined };
  if (/^\d+\.\d{3,}$/.test(cleaned)) return { ok: false, message: PRICE_MESSAGES.decimals };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return { ok: false, message: PRICE_MESSAGES.format };
  const euros = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const value = euros * 100 + cents;
  if (!Number.isSafeInteger(value)) return { ok: false, message: PRICE_MESSAGES.format };
  return { ok: true, value };
}

/** Cents → the text a price input shows: 4500 → "45", 4550 → "45.50". */
export function centsToEuroText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function parseDecimal(text: string, message: string): Parsed {
  const cleaned = text.trim();
  if (!cleaned) return { ok: true, value: undefined };
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return { ok: false, message };
  return { ok: true, value: Number(cleaned) };
}

export const parseFps = (text: string) => parseDecimal(text, PRICE_MESSAGES.fps);
export const parseBbWeight = (text: string) => parseDecimal(text, PRICE_MESSAGES.bbWeight);

export const DEFAULT_BB_WEIGHT = LISTING_LIMITS.bbWeightDefaultGrams.toFixed(2);

export function emptyValues(): ListingFormValues {
  return {
    title: '',
    description: '',
    category: '',
    condition: '',
    price: '',
    county: '',
    post: false,
    postage: '',
    collection: false,
    fps: '',
    bbWeight: DEFAULT_BB_WEIGHT,
  };
}

export function valuesFromListing(listing: ListingDto): ListingFormValues {
  return {
    title: listing.title,
    description: listing.description,
    category: listing.category ?? '',
    condition: listing.condition ?? '',
    price: centsToEuroText(listing.priceCents),
    county: listing.county ?? '',
    post: listing.shipping.postageCents !== null,
    postage: centsToEuroText(listing.shipping.postageCents),
    collection: listing.shipping.collection,
    fps: listing.fps === null ? '' : String(listing.fps),
    bbWeight: listing.bbWeightGrams === null ? DEFAULT_BB_WEIGHT : listing.bbWeightGrams.toFixed(2),
  };
}

export type SaveIntent = 'draft' | 'publish';

export interface BuiltInput {
  input: ListingInput;
  /** Text that could not be read as a number, by field. */
  parseErrors: FormErrors;
}

/**
 * The ListingInput for the form's values. For a draft, empty fields are left out; for
 * publishing they are sent (or left for validateListing to name as required).
 */
export function buildListingInput(
  values: ListingFormValues,
  imageIds: readonly string[],
  intent: SaveIntent,
): BuiltInput {
  const parseErrors: FormErrors = {};
  const input: ListingInput = {};
  const title = values.title.trim();
  if (title) input.title = title;
  const description = values.description.trim();
  if (description) input.description = description;
  if (values.category) input.category = values.category;
  if (values.condition) input.condition = values.condition;
  if (values.county) input.county = values.county;

  const price = parseEuro(values.price);
  if (!price.ok) parseErrors.price = price.message;
  else if (price.value !== undefined) input.priceCents = price.value;

  let postageCents: number | null = null;
  if (values.post) {
    const postage = parseEuro(values.postage);
    if (!postage.ok) parseErrors.postage = postage.message;
    else if (postage.value === undefined) parseErrors.postage = PRICE_MESSAGES.postageRequired;
    else postageCents = postage.value;
  }
  if (values.post || values.collection || intent === 'publish') {
    input.shipping = { postageCents, collection: values.collection };
  }

  if (isReplicaCategory(values.category)) {
    const fps = parseFps(values.fps);
    const bb = parseBbWeight(values.bbWeight);
    if (!fps.ok) parseErrors.fps = fps.message;
    if (!bb.ok) parseErrors.bbWeight = bb.message;
    input.fps = fps.ok ? (fps.value ?? null) : null;
    input.bbWeightGrams = bb.ok ? (bb.value ?? LISTING_LIMITS.bbWeightDefaultGrams) : null;
  } else if (values.category) {
    // Gear declares no muzzle energy; clears what a replica category had.
    input.fps = null;
    input.bbWeightGrams = null;
  }

  input.imageIds = [...imageIds];
  return { input, parseErrors };
}

/** validateListing's problems as form errors (the first message of each field). */
export function problemsToErrors(problems: readonly FieldProblem[]): FormErrors {
  const errors: FormErrors = {};
  for (const problem of problems) {
    const field = formFieldOf(problem.field);
    const message = problem.messages[0];
    if (field && message && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** Every error the form shows for these values: unreadable numbers first, then the rules. */
export function validateForm(
  values: ListingFormValues,
  imageIds: readonly string[],
  intent: SaveIntent,
): { input: ListingInput; errors: FormErrors } {
  const { input, parseErrors } = buildListingInput(values, imageIds, intent);
  const ruleErrors = problemsToErrors(validateListing(input, { forPublish: intent === 'publish' }));
  // Tracked post is ticked: an option is chosen, and the postage field says what is missing.
  if (values.post) delete ruleErrors.delivery;
  return { input, errors: { ...ruleErrors, ...parseErrors } };
}
