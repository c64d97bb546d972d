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
export function normaliseContent(raw: unknown): string {
  const content = typeof raw === 'string' ? raw.trim() : '';
  if (content.length === 0) throw emptyMessage();
  if ([...content].length > MAX_MESSAGE_LENGTH) throw messageTooLong();
  return content;
}

/** A short single-line preview for lists and events: never the full content. */
export function previewOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= PREVIEW_LENGTH ? line : chars.slice(0, PREVIEW_LENGTH - 1).join('') + '…';
}
