import { type RealtimeEvent } from '@loadout/contracts';
import { RealtimeClient } from './realtime-client';

/** A socket the test drives: it records what the client sends and delivers server frames. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 1;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.onclose?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

describe('RealtimeClient', () => {
  it('hands every pushed event type to onEvent, and no control frames', async () => {
    const events: RealtimeEvent[] = [];
    const client = new RealtimeClient({
      url: 'ws://test/ws',
      getToken: async () => 'token-1',
      onEvent: (e) => events.push(e),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    client.start();
    await new Promise((r) => setTimeout(r, 0));
    const socket = FakeSocket.last!;
    socket.onopen?.();
    expect(socket.sent).toEqual([JSON.stringify({ type: 'auth', token: 'token-1' })]);
    socket.receive({ type: 'ready', userId: 'u1' });
    expect(client.status).toBe('open');
    socket.receive({ type: 'pong' });
    socket.receive({ type: 'orders.changed', orderId: 'o1' });
    socket.receive({ type: 'notifications.changed' });
    socket.receive({ type: 'unread.changed', count: 2 });
    socket.receive({ type: 'something.else' });
    expect(events).toEqual([
      { type: 'orders.changed', orderId: 'o1' },
      { type: 'notifications.changed' },
      { type: 'unread.changed', count: 2 },
    ]);
    client.stop();
  });
});
