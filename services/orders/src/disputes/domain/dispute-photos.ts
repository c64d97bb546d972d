import { DISPUTE_PHOTO_LIMITS } from '@loadout/contracts';
import { isId } from '@loadout/db/keys';
import { AppError } from '@loadout/errors';
import { DisputeDomainError } from './dispute.errors';

/** A stored evidence photo (ADR 0037). */
export interface DisputePhoto {
  id: string;
  orderId: string;
  uploaderId: string;
  disputeId: string | null;
  messageId: string | null;
  largeKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

export const disputePhotoKeys = (orderId: string, photoId: string) => ({
  large: `disputes/${orderId}/${photoId}.webp`,
  thumb: `disputes/${orderId}/${photoId}-thumb.webp`,
});

export const photoNotFound = () =>
  new DisputeDomainError(
    'DISPUTES.PHOTO_NOT_FOUND',
    'A photo was not found: upload it again for this order, then send it once.',
    'validation',
  );

/** A photo that is not one of this dispute's (404, like a missing one). */
export const photoNotFoundHere = () =>
  new DisputeDomainError('DISPUTES.PHOTO_NOT_FOUND', 'This photo does not exist.', 'not_found');

export const tooManyPhotos = () =>
  new DisputeDomainError(
    'DISPUTES.TOO_MANY_PHOTOS',
    `Add at most ${DISPUTE_PHOTO_LIMITS.photosPerPost} photos at a time.`,
    'validation',
    { max: DISPUTE_PHOTO_LIMITS.photosPerPost },
  );

export const photoBodyMissing = () =>
  new DisputeDomainError(
    'DISPUTES.PHOTO_BODY',
    `Send the photo itself as the body, typed ${DISPUTE_PHOTO_LIMITS.photoTypes.join(', ')}.`,
    'validation',
  );

export const tooManyUploads = () =>
  new AppError(
    'DISPUTES.PHOTO_LIMIT',
    `You can upload at most ${DISPUTE_PHOTO_LIMITS.photosPerDay} dispute photos a day. Please try again tomorrow.`,
    'rate_limited',
  );

/**
 * The photo ids of an opening or a message: absent means none; each an id, none twice, at most
 * `photosPerPost`. An id that is not one of the author's unattached photos of the order is
 * caught when attaching (`photoNotFound`).
 */
export function photoIdsOf(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || !raw.every((id): id is string => typeof id === 'string'))
    throw photoNotFound();
  if (raw.length > DISPUTE_PHOTO_LIMITS.photosPerPost) throw tooManyPhotos();
  if (!raw.every(isId) || new Set(raw).size !== raw.length) throw photoNotFound();
  return raw;
}

/**
 * A photo is served through a dispute only when it is attached to that dispute (who may see
 * the dispute is checked first); an unattached photo is served to nobody (the uploader's
 * browser shows its own preview). Anything else is "not found".
 */
export const belongsTo = (photo: Pick<DisputePhoto, 'disputeId'>, disputeId: string): boolean =>
  photo.disputeId !== null && photo.disputeId === disputeId;
