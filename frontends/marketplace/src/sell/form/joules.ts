import { isReplicaCategory, LISTING_LIMITS } from '@loadout/contracts';
import { checkJoules, type JouleCheck } from '@loadout/listing-rules';
import { type ListingFormValues, parseBbWeight, parseFps } from './listing-form-values';

export type JouleReadout = JouleCheck;

const L = LISTING_LIMITS;

/**
 * The live 1 joule check of the form: null until a replica has a readable velocity and BB
 * weight within range (their own field errors cover the rest). An empty BB weight counts as
 * the default 0.20 g, as on the server.
 */
export function jouleReadout(values: ListingFormValues): JouleReadout | null {
  if (!isReplicaCategory(values.category)) return null;
  const fps = parseFps(values.fps);
  const bb = parseBbWeight(values.bbWeight);
  if (!fps.ok || fps.value === undefined || !bb.ok) return null;
  const grams = bb.value ?? L.bbWeightDefaultGrams;
  if (fps.value < L.fpsMin || fps.value > L.fpsMax) return null;
  if (grams < L.bbWeightMinGrams || grams > L.bbWeightMaxGrams) return null;
  return checkJoules(fps.value, grams);
}
