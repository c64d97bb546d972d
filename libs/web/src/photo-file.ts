import { IMAGE_CONTENT_TYPES, IMAGE_REFUSAL } from '@loadout/contracts';

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
const ALLOWED: readonly string[] = IMAGE_CONTENT_TYPES;

/**
 * The content type to declare for a chosen photo: its MIME type when the browser knows one,
 * otherwise the type its extension names. Null when neither is JPEG, PNG or WebP.
 */
export function photoContentType(file: Pick<File, 'name' | 'type'>): string | null {
  const mime = file.type.toLowerCase();
  if (mime) return ALLOWED.includes(mime) ? mime : null;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? null;
}

/**
 * The refusal the server would answer a photo with (its type, or its size above `maxBytes`),
 * in the server's words; null when it may go.
 */
export function photoRefusal(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes: number,
): { code: string; message: string } | null {
  if (!photoContentType(file)) return IMAGE_REFUSAL.unsupportedType;
  if (file.size > maxBytes) return IMAGE_REFUSAL.tooLarge(maxBytes);
  return null;
}
