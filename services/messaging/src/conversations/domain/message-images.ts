import { MESSAGE_LIMITS, TOO_MANY_PHOTOS_MESSAGE } from '@loadout/contracts';
import { isId } from '@loadout/db/keys';
import { AppError, notFoundError, validationError } from '@loadout/errors';

export const tooManyPhotos = () =>
  validationError('MESSAGING.TOO_MANY_PHOTOS', TOO_MANY_PHOTOS_MESSAGE, [
    { field: 'imageIds', messages: [TOO_MANY_PHOTOS_MESSAGE] },
  ]);
export const photoNotFound = () =>
  validationError(
    'MESSAGING.PHOTO_NOT_FOUND',
    'A photo of this message could not be found. Please attach it again.',
    [
      {
        field: 'imageIds',
        messages: ['A photo of this message could not be found. Please attach it again.'],
      },
    ],
  );
export const imageNotFound = () =>
  notFoundError('MESSAGING.IMAGE_NOT_FOUND', 'This photo does not exist.');
export const imageBodyMissing = () =>
  validationError(
    'MESSAGING.IMAGE_BODY',
    `Send the photo itself as the body, typed ${MESSAGE_LIMITS.imageTypes.join(', ')}.`,
  );
export const tooManyPendingPhotos = () =>
  new AppError(
    'MESSAGING.TOO_MANY_PENDING_PHOTOS',
    `You can add at most ${MESSAGE_LIMITS.imagesPerDay} photos to messages a day. Please try again tomorrow.`,
    'rate_limited',
  );

/**
 * The photo ids of a message to send: absent means none; each an id, none twice, at most
 * `imagesPerMessage`. An id that is not one of the sender's unsent photos of the conversation
 * is caught when attaching (`photoNotFound`).
 */
export function photoIdsOf(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || !raw.every((id): id is string => typeof id === 'string'))
    throw photoNotFound();
  if (raw.length > MESSAGE_LIMITS.imagesPerMessage) throw tooManyPhotos();
  if (!raw.every(isId) || new Set(raw).size !== raw.length) throw photoNotFound();
  return raw;
}
