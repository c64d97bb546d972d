import { DISPUTE_PHOTO_LIMITS, type DisputePhotoView } from '@loadout/contracts';
import { type PhotoUpload, uploadDisputePhoto, usePhotoUploads } from '@loadout/web';

/** A photo chosen as evidence. */
export type EvidencePhoto = PhotoUpload<DisputePhotoView>;

export const TOO_MANY_EVIDENCE_PHOTOS = `Add at most ${DISPUTE_PHOTO_LIMITS.photosPerPost} photos at a time.`;

/**
 * Evidence photos chosen for a dispute's opening or a message of its thread (ADR 0037, the
 * shared `usePhotoUploads`): each is shrunk on the device, then uploaded at once for the order
 * with its progress; the form sends the ids of those that are ready.
 */
export function useEvidencePhotos(orderId: string) {
  return usePhotoUploads<DisputePhotoView>({
    limit: DISPUTE_PHOTO_LIMITS.photosPerPost,
    maxBytes: DISPUTE_PHOTO_LIMITS.photoMaxBytes,
    tooMany: TOO_MANY_EVIDENCE_PHOTOS,
    upload: (photo, options) => uploadDisputePhoto(orderId, photo, options),
  });
}

export type EvidencePhotos = ReturnType<typeof useEvidencePhotos>;
