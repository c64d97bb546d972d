import {
  CATEGORY_LABELS,
  isIrishCounty,
  isListingCategory,
  isReplicaCategory,
  LISTING_CONDITIONS,
  LISTING_LIMITS,
  type ListingInput,
} from '@loadout/contracts';
import { isOverLimit, joulesFromFps, roundTo } from './muzzle-energy';

/** One field's problems, the same shape as the HTTP validation pipe's `details`. */
export interface FieldProblem {
  field: string;
  messages: string[];
}

const L = LISTING_LIMITS;
const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/** The law, in the words shown when a replica is refused (form and API alike). */
export function jouleLimitMessage(joules: number): string {
  return (
    `This replica's declared muzzle energy is ${roundTo(joules, 2).toFixed(2)} J. In Ireland an ` +
    'air gun above 1 joule is a firearm under the Firearms Act 1925, so it cannot be sold on ' +
    'Loadout. Only replicas at or below 1.00 J can be listed.'
  );
}

export interface JouleCheck {
  /** Rounded to 3 decimals, as stored. */
  joules: number;
  allowed: boolean;
}

/** The Irish 1 joule rule for a declared fps and BB weight (grams). */
export function checkJoules(fps: number, bbWeightGrams: number): JouleCheck {
  const joules = joulesFromFps(fps, bbWeightGrams);
  return { joules: roundTo(joules, 3), allowed: !isOverLimit(joules) };
}

function add(problems: FieldProblem[], field: string, message: string): void {
  const existing = problems.find((p) => p.field === field);
  if (existing) existing.messages.push(message);
  else problems.push({ field, messages: [message] });
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Checks the fields present in `input` (a draft may leave fields out). With `forPublish`
 * every field a buyer needs is required as well. Returns [] when valid.
 */
export function validateListing(
  input: ListingInput,
  { forPublish }: { forPublish: boolean },
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const required = (field: keyof ListingInput, label: string) => {
    if (forPublish && (input[field] === undefined || input[field] === null))
      add(problems, field, `${label} is required to publish.`);
  };

  const title = input.title?.trim();
  if (title !== undefined && (title.length < L.titleMin || title.length > L.titleMax))
    add(problems, 'title', `Title must be ${L.titleMin} to ${L.titleMax} characters.`);
  if (title === undefined) add(problems, 'title', 'Title is required.');

  const description = input.description?.trim();
  if (
    description !== undefined &&
    (description.length < L.descriptionMin || description.length > L.descriptionMax)
  )
    add(
      problems,
      'description',
      `Description must be ${L.descriptionMin} to ${L.descriptionMax} characters.`,
    );
  required('description', 'A description');

  if (input.category !== undefined && !isListingCategory(input.category))
    add(problems, 'category', 'Choose a category from the list.');
  required('category', 'A category');

  if (
    input.condition !== undefined &&
    !(LISTING_CONDITIONS as readonly string[]).includes(input.condition)
  )
    add(problems, 'condition', 'Choose a condition from the list.');
  required('condition', 'The condition');

  if (input.priceCents !== undefined) {
    if (!isInt(input.priceCents))
      add(problems, 'priceCents', 'Price must be a whole number of cents.');
    else if (input.priceCents < L.priceMinCents || input.priceCents > L.priceMaxCents)
      add(
        problems,
        'priceCents',
        `Price must be between ${euro(L.priceMinCents)} and ${euro(L.priceMaxCents)}.`,
      );
  }
  required('priceCents', 'A price');

  if (input.county !== undefined && !isIrishCounty(input.county))
    add(problems, 'county', 'Choose one of the 26 counties.');
  required('county', 'A county');

  const shipping = input.shipping;
  if (shipping !== undefined) {
    const postage = shipping.postageCents;
    if (postage !== null && (!isInt(postage) || postage < 0 || postage > L.postageMaxCents))
      add(
        problems,
        'shipping.postageCents',
        `Postage must be between €0.00 and ${euro(L.postageMaxCents)}.`,
      );
    if (postage === null && !shipping.collection)
      add(problems, 'shipping', 'Offer tracked post, collection in person, or both.');
  }
  required('shipping', 'A delivery option');

  const replica = isReplicaCategory(input.category);
  if (input.fps !== undefined && input.fps !== null) {
    if (!isNum(input.fps) || input.fps < L.fpsMin || input.fps > L.fpsMax)
      add(problems, 'fps', `Muzzle velocity must be between ${L.fpsMin} and ${L.fpsMax} fps.`);
  }
  if (input.bbWeightGrams !== undefined && input.bbWeightGrams !== null) {
    const w = input.bbWeightGrams;
    if (!isNum(w) || w < L.bbWeightMinGrams || w > L.bbWeightMaxGrams)
      add(
        problems,
        'bbWeightGrams',
        `BB weight must be between ${L.bbWeightMinGrams.toFixed(2)} g and ${L.bbWeightMaxGrams.toFixed(2)} g.`,
      );
  }
  if (replica && forPublish && (input.fps === undefined || input.fps === null))
    add(
      problems,
      'fps',
      `${CATEGORY_LABELS[input.category as keyof typeof CATEGORY_LABELS]} must declare a measured muzzle velocity (fps).`,
    );
  if (
    !problems.some((p) => p.field === 'fps' || p.field === 'bbWeightGrams') &&
    isNum(input.fps) &&
    (input.category === undefined || replica)
  ) {
    const check = checkJoules(input.fps, input.bbWeightGrams ?? L.bbWeightDefaultGrams);
    if (!check.allowed) add(problems, 'fps', jouleLimitMessage(check.joules));
  }

  if (input.imageIds !== undefined) {
    if (input.imageIds.length > L.imagesMax)
      add(problems, 'imageIds', `A listing can have at most ${L.imagesMax} photos.`);
    if (new Set(input.imageIds).size !== input.imageIds.length)
      add(problems, 'imageIds', 'The same photo is attached twice.');
  }
  if (forPublish && (input.imageIds?.length ?? 0) < L.imagesMin)
    add(problems, 'imageIds', 'Add at least one photo to publish.');

  return problems;
}

/** True when the problems include the 1 joule refusal (so callers can use its error code). */
export const isJouleRefusal = (problems: FieldProblem[]): boolean =>
  problems.some((p) => p.field === 'fps' && p.messages.some((m) => m.includes('Firearms Act')));
