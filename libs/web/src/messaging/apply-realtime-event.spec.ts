import { QueryClient } from '@tanstack/react-query';
import { applyRealtimeEvent } from './use-messaging-realtime';

describe('applyRealtimeEvent', () => {
  it('makes the bell of that user refetch on notifications.changed, and nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(['notifications', 'u1'], { items: [], unreadCount: 0 });
    client.setQueryData(['notifications', 'u2'], { items: [], unreadCount: 0 });
    client.setQueryData(['notifications', 'email-preferences', 'u1'], { messages: true });
    applyRealtimeEvent(client, 'u1', { type: 'notifications.changed' });
    expect(client.getQueryState(['notifications', 'u1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['notifications', 'u2'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['notifications', 'email-preferences', 'u1'])?.isInvalidated).toBe(
      false,
    );
  });

  it('still applies unread counts', () => {
    const client = new QueryClient();
    applyRealtimeEvent(client, 'u1', { type: 'unread.changed', count: 3 });
    expect(client.getQueryData(['conversations', 'unread-count', 'u1'])).toEqual({ count: 3 });
  });
});
