import {
  type ConversationDto,
  type ConversationListResponse,
  type MessageDto,
  type MessageListResponse,
  type StartConversationRequest,
  type UnreadCountResponse,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';
import { messagingSocket } from './open-socket';

/** Query keys of the messaging area, shared by the messages remote and the shell's badge. */
export const messagingKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  unread: (userId: string | null) => ['conversations', 'unread-count', userId] as const,
  messages: (conversationId: string) => ['conversations', conversationId, 'messages'] as const,
  /** A photo's bytes as an object URL, by its API URL. */
  photo: (url: string) => ['conversations', 'photo', url] as const,
};

type Opts = { signal?: AbortSignal };

export const fetchConversations = (opts: Opts = {}) =>
  apiFetch<ConversationListResponse>('conversations', { query: { limit: 50 }, ...opts });

export const startConversation = (body: StartConversationRequest) =>
  apiFetch<ConversationDto>('conversations', { method: 'POST', json: body });

/** Every message of a thread, oldest first (follows the keyset cursor to the end). */
export async function fetchAllMessages(conversationId: string, opts: Opts = {}) {
  const items: MessageDto[] = [];
  let cursor: string | null = null;
  do {
    const page: MessageListResponse = await apiFetch<MessageListResponse>(
      `conversations/${encodeURIComponent(conversationId)}/messages`,
      { query: { limit: 100, cursor }, ...opts },
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

export const postMessage = (conversationId: string, content: string, imageIds: string[] = []) =>
  apiFetch<MessageDto>(`conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    json: imageIds.length > 0 ? { content, imageIds } : { content },
  });

/**
 * Seed §8: a messaging failure is only logged and send returns false. The caller shows the
 * retry; `error` carries the server's message (e.g. an empty or too long message). Sent over
 * the page's messaging socket when it is open (ADR 0059: the same rules and errors, without
 * an HTTP request through the gateway), over HTTP otherwise.
 */
export async function sendMessage(
  conversationId: string,
  content: string,
  imageIds: string[] = [],
): Promise<{ ok: true; message: MessageDto } | { ok: false; error: unknown }> {
  try {
    const overSocket = messagingSocket()?.sendMessage(
      imageIds.length > 0 ? { conversationId, content, imageIds } : { conversationId, content },
    );
    return {
      ok: true,
      message: await (overSocket ?? postMessage(conversationId, content, imageIds)),
    };
  } catch (error) {
    console.error('Sending the message failed', error);
    return { ok: false, error };
  }
}

export const markConversationRead = (conversationId: string) =>
  apiFetch<UnreadCountResponse>(`conversations/${encodeURIComponent(conversationId)}/read`, {
    method: 'POST',
  });

export const fetchUnreadMessageCount = (opts: Opts = {}) =>
  apiFetch<UnreadCountResponse>('conversations/unread-count', opts);

export const setConversationBlocked = (conversationId: string, blocked: boolean) =>
  apiFetch<void>(`conversations/${encodeURIComponent(conversationId)}/block`, {
    method: blocked ? 'PUT' : 'DELETE',
  });
