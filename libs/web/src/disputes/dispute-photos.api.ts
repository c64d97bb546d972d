import { DISPUTE_PHOTO_LIMITS, type DisputePhotoView, type PhotoSize } from '@loadout/contracts';
import { uploadPhotoTo, type PhotoUploadOptions } from '../messaging/message-photos.api';

/** Uploads one evidence photo for a dispute of the order (buyer, seller or admins; ADR 0037). */
export function uploadDisputePhoto(
  orderId: string,
  photo: Blob,
  options: PhotoUploadOptions = {},
): Promise<DisputePhotoView> {
  return uploadPhotoTo<DisputePhotoView>(
    `orders/${encodeURIComponent(orderId)}/dispute-photos`,
    photo,
    options,
  );
}

/** Where a dispute's photo is read (with the caller's token: `usePhotoUrl`). */
export const disputePhotoUrl = (disputeId: string, photoId: string, size: PhotoSize = 'thumb') =>
  `/api/v1/disputes/${encodeURIComponent(disputeId)}/photos/${encodeURIComponent(photoId)}?size=${size}`;

export const DISPUTE_PHOTOS_PER_POST = DISPUTE_PHOTO_LIMITS.photosPerPost;
