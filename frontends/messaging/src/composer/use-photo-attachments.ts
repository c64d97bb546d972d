import { MESSAGE_LIMITS, type MessageImageDto } from '@loadout/contracts';
import {
  MESSAGE_PHOTO_REFUSALS,
  type PhotoUpload,
  uploadMessagePhoto,
  usePhotoUploads,
} from '@loadout/web';

/** A photo chosen for the next message. */
export type Attachment = PhotoUpload<MessageImageDto>;

/**
 * Photos chosen for the next message (the shared `usePhotoUploads`): each is shrunk on the
 * device, then uploaded at once with its progress; the message is sent with the ids of those
 * that are ready.
 */
export function usePhotoAttachments(conversationId: string) {
  return usePhotoUploads<MessageImageDto>({
    limit: MESSAGE_LIMITS.imagesPerMessage,
    maxBytes: MESSAGE_LIMITS.imageMaxBytes,
    tooMany: MESSAGE_PHOTO_REFUSALS.tooMany,
    upload: (photo, options) => uploadMessagePhoto(conversationId, photo, options),
  });
}
