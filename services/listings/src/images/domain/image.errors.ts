import { AppError, notFoundError, validationError } from '@loadout/errors';

export {
  imageTooLarge,
  imageTooManyPixels,
  imageUnreadable,
  unsupportedImageType,
} from '@loadout/images';

export const uploadNotFound = () =>
  notFoundError('IMAGES.UPLOAD_NOT_FOUND', 'That upload could not be found.');
export const imageAttached = () =>
  new AppError(
    'IMAGES.ATTACHED',
    'This photo is on a listing. Remove it from the listing instead.',
    'conflict',
  );
export const tooManyPendingUploads = (max: number) =>
  new AppError(
    'IMAGES.TOO_MANY_PENDING',
    `You have ${max} unfinished uploads. Finish or cancel some before adding more photos.`,
    'rate_limited',
  );
export const uploadFailed = () =>
  new AppError(
    'IMAGES.UPLOAD_FAILED',
    'This photo was refused earlier. Please upload it again.',
    'conflict',
  );
export const imageNotFoundForListing = (messages: string[]) =>
  validationError('LISTINGS.IMAGE_NOT_FOUND', messages[0] ?? 'A photo could not be found.', [
    { field: 'imageIds', messages },
  ]);
