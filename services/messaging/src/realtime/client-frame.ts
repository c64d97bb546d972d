import type { RealtimeClientMessage } from '@loadout/contracts';

/** A frame the server answers with an error instead of acting on it. */
export interface RefusedFrame {
  refused: true;
  message: string;
  /** The `ref` of a send frame refused for its envelope (so the client knows which send). */
  ref?: string;
}

/**
 * A send frame (ADR 0059) as read here: its envelope checked, `body` the rest of the frame
 * (`content`, `imageIds` and anything else), validated as the HTTP send's body is.
 */
export interface SendFrame {
  type: 'send';
  ref: string;
  conversationId: string;
  body: Record<string, unknown>;
}

export type ClientFrame = Exclude<RealtimeClientMessage, { type: 'send' }> | SendFrame;

/** Longest access token accepted in an `auth` frame (a JWT of ours is ~1 KB). */
export const MAX_TOKEN_CHARS = 8 * 1024;

/** The client's name for a send, echoed in its answer. */
const REF = /^[A-Za-z0-9_-]{1,64}$/;

/** Longer than any id of ours: not looked up at all. */
const MAX_ID_CHARS = 64;

/**
 * Reads one text frame from a client. Anything can arrive here (the socket is open before
 * authentication): `null`, numbers, arrays, objects without a `type`, a token that is not a
 * string. Only the client messages of the contract pass; the rest is refused with a reason.
 */
export function parseClientFrame(text: string): ClientFrame | RefusedFrame {
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
  if (msg.type === 'send') return parseSend(value as Record<string, unknown>);
  if (msg.type !== 'auth') return { refused: true, message: 'Unknown message type.' };
  if (typeof msg.token !== 'string' || msg.token.length === 0) {
    return { refused: true, message: 'An auth message needs a token.' };
  }
  if (msg.token.length > MAX_TOKEN_CHARS) {
    return { refused: true, message: 'The token is too long.' };
  }
  return { type: 'auth', token: msg.token };
}

function parseSend(frame: Record<string, unknown>): SendFrame | RefusedFrame {
  const { type: _type, ref, conversationId, ...body } = frame;
  if (typeof ref !== 'string' || !REF.test(ref)) {
    return {
      refused: true,
      message: 'A send message needs a ref of 1 to 64 letters, digits, "-" or "_".',
    };
  }
  if (
    typeof conversationId !== 'string' ||
    conversationId.length === 0 ||
    conversationId.length > MAX_ID_CHARS
  ) {
    return { refused: true, ref, message: 'A send message needs a conversationId.' };
  }
  return { type: 'send', ref, conversationId, body };
}

export function isRefused(frame: ClientFrame | RefusedFrame): frame is RefusedFrame {
  return 'refused' in frame;
}
