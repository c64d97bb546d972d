import { type MessageDto } from '@loadout/contracts';
import {
  fetchAllMessages,
  fetchConversations,
  markConversationRead,
  messagingKeys,
  sendMessage,
  setConversationBlocked,
  type RealtimeStatus,
} from '@loadout/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** While the socket is down the lists and the open thread are polled instead. */
export const POLL_MS = 5_000;

export function useConversations(realtime: RealtimeStatus) {
  return useQuery({
    queryKey: messagingKeys.list,
    queryFn: ({ signal }) => fetchConversations({ signal }),
    refetchInterval: realtime === 'open' ? false : POLL_MS,
  });
}

export function useThread(conversationId: string | null, realtime: RealtimeStatus) {
  return useQuery({
    queryKey: messagingKeys.messages(conversationId ?? ''),
    queryFn: ({ signal }) => fetchAllMessages(conversationId!, { signal }),
    enabled: conversationId !== null,
    refetchInterval: realtime === 'open' ? false : POLL_MS,
  });
}

/** Opening a conversation sets the viewer's unread count to 0 (badge and list follow). */
export function useMarkRead(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => markConversationRead(conversationId),
    onSuccess: (unread) => {
      client.setQueryData(messagingKeys.unread(userId), unread);
      void client.invalidateQueries({ queryKey: messagingKeys.list });
    },
    // Seed §8: messaging failures are only logged.
    onError: (error) => console.error('Marking the conversation read failed', error),
  });
}

/** Sends; resolves true or false (seed §8) and appends the sent message to the thread. */
export function useSend(conversationId: string) {
  const client = useQueryClient();
  return async (
    content: string,
    imageIds: string[] = [],
  ): Promise<{ ok: boolean; error?: unknown }> => {
    const result = await sendMessage(conversationId, content, imageIds);
    if (!result.ok) return { ok: false, error: result.error };
    client.setQueryData<MessageDto[]>(messagingKeys.messages(conversationId), (old) =>
      old && !old.some((m) => m.id === result.message.id) ? [...old, result.message] : old,
    );
    void client.invalidateQueries({ queryKey: messagingKeys.list });
    return { ok: true };
  };
}

export function useBlock(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setConversationBlocked(conversationId, blocked),
    onSettled: () => client.invalidateQueries({ queryKey: messagingKeys.list }),
  });
}
