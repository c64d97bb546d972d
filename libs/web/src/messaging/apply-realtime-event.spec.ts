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

describe('applyRealtimeEvent: orders.changed', () => {
  it('invalidates that order, every order list, disputes and the payout totals, and not other orders', () => {
    const client = new QueryClient();
    const keys = {
      detail: ['orders', 'detail', 'o1'],
      other: ['orders', 'detail', 'o2'],
      sales: ['orders', 'list', 'seller'],
      purchases: ['orders', 'list', 'buyer'],
      disputes: ['disputes', 'list'],
      payouts: ['payouts', 'account'],
      bell: ['notifications', 'u1'],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    applyRealtimeEvent(client, 'u1', { type: 'orders.changed', orderId: 'o1' });
    const invalidated = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(keys.detail)).toBe(true);
    expect(invalidated(keys.sales)).toBe(true);
    expect(invalidated(keys.purchases)).toBe(true);
    expect(invalidated(keys.disputes)).toBe(true);
    expect(invalidated(keys.payouts)).toBe(true);
    expect(invalidated(keys.other)).toBe(false);
    expect(invalidated(keys.bell)).toBe(false);
  });
});
