import { validationError } from '@loadout/errors';

/** What the pipeline refuses; the same words wherever a photo is uploaded. */
export const unsupportedImageType = () =>
  validationError('IMAGES.UNSUPPORTED_TYPE', 'This file is not a JPEG, PNG or WebP image.');
/** `maxBytes` in whole mebibytes, shown as MB (10 MB for listing photos, 5 MB in messages). */
export const imageTooLarge = (maxBytes = 10 * 1024 * 1024) =>
  validationError(
    'IMAGES.TOO_LARGE',
    `Photos can be at most ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  );
export const imageTooManyPixels = () =>
  validationError('IMAGES.TOO_MANY_PIXELS', 'Photos can be at most 50 megapixels.');
export const imageUnreadable = () =>
  validationError(
    'IMAGES.UNREADABLE',
    'This photo could not be read. It may be damaged; please try another.',
  );
