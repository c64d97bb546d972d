import { isReplicaCategory, LISTING_LIMITS, type ListingInput } from '@loadout/contracts';
import { checkJoules } from '@loadout/listing-rules';

/** The editable facts of a listing, as stored (drafts may leave most of them null). */
export interface ListingFields {
  title: string;
  description: string | null;
  category: string | null;
  condition: string | null;
  priceCents: number | null;
  county: string | null;
  postageCents: number | null;
  collection: boolean;
  fps: number | null;
  bbWeightGrams: number | null;
  joules: number | null;
}

const FIELD_KEYS = [
  'title',
  'description',
  'category',
  'condition',
  'priceCents',
  'county',
  'shipping',
  'fps',
  'bbWeightGrams',
] as const satisfies readonly (keyof ListingInput)[];

/**
 * The stored fields as the rules' input. Shipping is "not chosen yet" when a draft offers
 * neither post nor collection; existing photos count by number (the rules check only that).
 */
export function toListingInput(f: ListingFields, imageCount: number): ListingInput {
  const input: ListingInput = { title: f.title };
  if (f.description !== null) input.description = f.description;
  if (f.category !== null) input.category = f.category as ListingInput['category'];
  if (f.condition !== null) input.condition = f.condition as ListingInput['condition'];
  if (f.priceCents !== null) input.priceCents = f.priceCents;
  if (f.county !== null) input.county = f.county as ListingInput['county'];
  if (f.postageCents !== null || f.collection)
    input.shipping = { postageCents: f.postageCents, collection: f.collection };
  if (f.fps !== null) input.fps = f.fps;
  if (f.bbWeightGrams !== null) input.bbWeightGrams = f.bbWeightGrams;
  input.imageIds = Array.from({ length: imageCount }, (_, i) => `existing-${i}`);
  return input;
}

/** `base` with every field `patch` carries (undefined = not sent; null clears fps/BB weight). */
export function mergeInput(base: ListingInput, patch: ListingInput): ListingInput {
  const merged: ListingInput = { ...base };
  for (const key of FIELD_KEYS) {
    if (patch[key] !== undefined) (merged as Record<string, unknown>)[key] = patch[key];
  }
  if (patch.imageIds !== undefined) merged.imageIds = patch.imageIds;
  return merged;
}

/** Stored joules: declared for replicas (or not-yet-categorised drafts) with an fps. */
export function joulesFor(
  category: string | null,
  fps: number | null,
  bbWeightGrams: number | null,
): number | null {
  if (fps === null || (category !== null && !isReplicaCategory(category))) return null;
  return checkJoules(fps, bbWeightGrams ?? LISTING_LIMITS.bbWeightDefaultGrams).joules;
}

/** A validated input as stored fields: trimmed text, the default BB weight, computed joules. */
export function toFields(input: ListingInput): ListingFields {
  const fps = input.fps ?? null;
  const bbWeightGrams =
    input.bbWeightGrams ?? (fps !== null ? LISTING_LIMITS.bbWeightDefaultGrams : null);
  const category = input.category ?? null;
  return {
    title: (input.title ?? '').trim(),
    description: input.description?.trim() ?? null,
    category,
    condition: input.condition ?? null,
    priceCents: input.priceCents ?? null,
    county: input.county ?? null,
    postageCents: input.shipping?.postageCents ?? null,
    collection: input.shipping?.collection ?? false,
    fps,
    bbWeightGrams,
    joules: joulesFor(category, fps, bbWeightGrams),
  };
}

/** Names of the fields that differ (the `changed` list of `listings.listing.updated.v1`). */
export function changedFields(before: ListingFields, after: ListingFields): string[] {
  const changed: string[] = [];
  const simple = [
    'title',
    'description',
    'category',
    'condition',
    'priceCents',
    'county',
    'fps',
    'bbWeightGrams',
  ] as const;
  for (const key of simple) if (before[key] !== after[key]) changed.push(key);
  if (before.postageCents !== after.postageCents || before.collection !== after.collection)
    changed.push('shipping');
  return changed;
}
