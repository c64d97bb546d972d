import { validationError } from '@loadout/errors';

export const MAX_MESSAGE_LENGTH = 2000;
export const PREVIEW_LENGTH = 80;

export const emptyMessage = () =>
  validationError('MESSAGING.EMPTY_MESSAGE', 'Please write a message before sending.', [
    { field: 'content', messages: ['Please write a message before sending.'] },
  ]);
export const messageTooLong = () =>
  validationError(
    'MESSAGING.MESSAGE_TOO_LONG',
    `Messages can be at most ${MAX_MESSAGE_LENGTH} characters.`,
    [{ field: 'content', messages: [`Messages can be at most ${MAX_MESSAGE_LENGTH} characters.`] }],
  );

/**
 * The stored form of a message: trimmed at both ends (inner line breaks kept). Refuses an
 * empty or whitespace-only message and one over 2,000 characters (counted after trimming,
 * in code points so an emoji counts once).
 */
export function normaliseContent(raw: unknown, options: { withPhotos?: boolean } = {}): string {
  const content = typeof raw === 'string' ? raw.trim() : '';
  // A photo says something by itself: the text may then be empty.
  if (content.length === 0 && !options.withPhotos) throw emptyMessage();
  if ([...content].length > MAX_MESSAGE_LENGTH) throw messageTooLong();
  return content;
}

export const PHOTO_PREVIEW = 'Photo';

/**
 * A short single-line preview for lists and events: never the full content. A message of
 * photos only reads "Photo" (or "3 photos").
 */
export function previewOf(content: string, photoCount = 0): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (line.length === 0 && photoCount > 0)
    return photoCount === 1 ? PHOTO_PREVIEW : `${photoCount} photos`;
  const chars = [...line];
  return chars.length <= PREVIEW_LENGTH ? line : chars.slice(0, PREVIEW_LENGTH - 1).join('') + '…';
}
