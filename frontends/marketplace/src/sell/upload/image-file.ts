import { LISTING_LIMITS } from '@loadout/contracts';
import { photoContentType, photoRefusal } from '@loadout/web';

export interface ImageRefusal {
  code: string;
  message: string;
}

/** The content type to declare for a file (its MIME type, else its extension's); null if none. */
export const imageContentType = photoContentType;

/** The refusal for a listing photo the server would refuse anyway (type, size); null when it may go. */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): ImageRefusal | null {
  return photoRefusal(file, LISTING_LIMITS.imageMaxBytes);
}
