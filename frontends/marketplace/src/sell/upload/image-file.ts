import { LISTING_LIMITS } from '@loadout/contracts';

/** The refusals the image service answers with; the same words, checked before uploading. */
export const IMAGE_REFUSALS = {
  unsupportedType: {
    code: 'IMAGES.UNSUPPORTED_TYPE',
    message: 'This file is not a JPEG, PNG or WebP image.',
  },
  tooLarge: { code: 'IMAGES.TOO_LARGE', message: 'Photos can be at most 10 MB.' },
} as const;

export interface ImageRefusal {
  code: string;
  message: string;
}

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const ALLOWED: readonly string[] = LISTING_LIMITS.imageContentTypes;

/**
 * The content type to declare for a file: its MIME type when the browser knows one, otherwise
 * the type its extension names. Null when neither is JPEG, PNG or WebP.
 */
export function imageContentType(file: Pick<File, 'name' | 'type'>): string | null {
  const mime = file.type.toLowerCase();
  if (mime) return ALLOWED.includes(mime) ? mime : null;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? null;
}

/** The refusal for a file the server would refuse anyway (type, size); null when it may go. */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): ImageRefusal | null {
  if (!imageContentType(file)) return IMAGE_REFUSALS.unsupportedType;
  if (file.size > LISTING_LIMITS.imageMaxBytes) return IMAGE_REFUSALS.tooLarge;
  return null;
}
