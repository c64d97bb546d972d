import { IMAGE_REFUSAL, LISTING_LIMITS } from '@loadout/contracts';
import { validationError } from '@loadout/errors';

/** What the pipeline refuses; the same words wherever a photo is uploaded. */
export const unsupportedImageType = () =>
  validationError(IMAGE_REFUSAL.unsupportedType.code, IMAGE_REFUSAL.unsupportedType.message);
export const imageTooLarge = (maxBytes = LISTING_LIMITS.imageMaxBytes) => {
  const { code, message } = IMAGE_REFUSAL.tooLarge(maxBytes);
  return validationError(code, message);
};
export const imageTooManyPixels = () =>
  validationError('IMAGES.TOO_MANY_PIXELS', 'Photos can be at most 50 megapixels.');
export const imageUnreadable = () =>
  validationError(
    'IMAGES.UNREADABLE',
    'This photo could not be read. It may be damaged; please try another.',
  );
