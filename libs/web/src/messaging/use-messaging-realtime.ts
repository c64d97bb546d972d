import { type MessageDto, type RealtimeEvent } from '@loadout/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getAccessToken } from '../api-client';
import { disputeKeys } from '../disputes/disputes.api';
import { notificationsKey } from '../notifications/notifications.api';
import { orderKeys } from '../orders/orders.api';
import { messagingKeys } from './messaging.api';
import { pageSocket, setPageSocket } from './open-socket';
import { defaultRealtimeUrl, RealtimeClient, type RealtimeStatus } from './realtime-client';

/** Applies a pushed event to the shared query cache (messages, the bell, orders). */
export function applyRealtimeEvent(client: QueryClient, userId: string, event: RealtimeEvent) {
  switch (event.type) {
    case 'message.created': {
      const key = messagingKeys.messages(event.message.conversationId);
      client.setQueryData<MessageDto[]>(key, (old) =>
        old && !old.some((m) => m.id === event.message.id) ? [...old, event.message] : old,
      );
      break;
    }
    case 'conversation.updated':
      void client.invalidateQueries({ queryKey: messagingKeys.list });
      break;
    case 'unread.changed':
      client.setQueryData(messagingKeys.unread(userId), { count: event.count });
      break;
    case 'notifications.changed':
      // The shell's bell reads the list and count again.
      void client.invalidateQueries({ queryKey: notificationsKey(userId) });
      break;
    case 'orders.changed':
      // The other party acted: the order page, both dashboards, disputes and what is owed are
      // read again through the API (the frame carries only the id, ADR 0032).
      void client.invalidateQueries({ queryKey: orderKeys.detail(event.orderId) });
      void client.invalidateQueries({ queryKey: ['orders', 'list'] });
      void client.invalidateQueries({ queryKey: disputeKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.payoutAccount });
      break;
  }
}

const statusListeners = new Set<(s: RealtimeStatus) => void>();

/**
 * Keeps the messaging socket open while a signed-in component is mounted and feeds its events
 * into the query cache. Returns the socket status: "closed" means callers should poll.
 */
export function useMessagingRealtime(userId: string | null): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>(pageSocket()?.status ?? 'closed');

  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    let shared = pageSocket();
    if (shared && shared.userId !== userId) {
      shared.client.stop();
      setPageSocket((shared = null));
    }
    if (!shared) {
      const client = new RealtimeClient({
        url: defaultRealtimeUrl(),
        getToken: getAccessToken,
        onEvent: (event) => applyRealtimeEvent(queryClient, userId, event),
        onStatus: (s) => {
          const open = pageSocket();
          if (open) open.status = s;
          statusListeners.forEach((l) => l(s));
        },
      });
      setPageSocket((shared = { client, users: 0, status: 'connecting', userId }));
      client.start();
    }
    shared.users += 1;
    statusListeners.add(setStatus);
    setStatus(shared.status);
    return () => {
      statusListeners.delete(setStatus);
      const held = pageSocket();
      if (held && --held.users === 0) {
        held.client.stop();
        setPageSocket(null);
      }
    };
  }, [userId, queryClient]);

  return userId ? status : 'closed';
}
