import type { RealtimeClientMessage } from '@loadout/contracts';

/** A frame the server answers with an error instead of acting on it. */
export interface RefusedFrame {
  refused: true;
  message: string;
}

/** Longest access token accepted in an `auth` frame (a JWT of ours is ~1 KB). */
export const MAX_TOKEN_CHARS = 8 * 1024;

/**
 * Reads one text frame from a client. Anything can arrive here (the socket is open before
 * authentication): `null`, numbers, arrays, objects without a `type`, a token that is not a
 * string. Only the two client messages of the contract pass; the rest is refused with a reason.
 */
export function parseClientFrame(text: string): RealtimeClientMessage | RefusedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refused: true, message: 'Messages must be JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { refused: true, message: 'Messages must be JSON objects with a type.' };
  }
  const msg = value as { type?: unknown; token?: unknown };
  if (msg.type === 'ping') return { type: 'ping' };
  if (msg.type !== 'auth') return { refused: true, message: 'Unknown message type.' };
  if (typeof msg.token !== 'string' || msg.token.length === 0) {
    return { refused: true, message: 'An auth message needs a token.' };
  }
  if (msg.token.length > MAX_TOKEN_CHARS) {
    return { refused: true, message: 'The token is too long.' };
  }
  return { type: 'auth', token: msg.token };
}

export function isRefused(frame: RealtimeClientMessage | RefusedFrame): frame is RefusedFrame {
  return 'refused' in frame;
}
