import { IMAGE_REFUSAL, LISTING_LIMITS } from '@loadout/contracts';
import { AppError, validationError } from '@loadout/errors';

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
export const imageBadDimensions = () =>
  validationError(
    'IMAGES.BAD_DIMENSIONS',
    'Photos can be at most 12,000 pixels on a side, and at most 20 times longer than wide.',
  );
export const imageTooComplex = () =>
  validationError(
    'IMAGES.TOO_COMPLEX',
    'This photo took too long to process. Please try a smaller or simpler one.',
  );
/** The process's photo queue is full: try again shortly (429, like any rate limit). */
export const imagesBusy = () =>
  new AppError(
    'IMAGES.BUSY',
    'Too many photos are being processed right now. Please try again in a moment.',
    'rate_limited',
  );
