import { type RealtimeEvent } from '@loadout/contracts';
import { RealtimeClient } from './realtime-client';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
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
    this.readyState = 3;
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

async function connectedClient(events: RealtimeEvent[]) {
  const client = new RealtimeClient({
    url: 'ws://example.test/ws',
    getToken: () => Promise.resolve('token-1'),
    onEvent: (e) => events.push(e),
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  client.start();
  await new Promise((r) => setTimeout(r, 0));
  const socket = FakeSocket.last!;
  socket.readyState = 1;
  socket.onopen?.();
  socket.receive({ type: 'ready', userId: 'u1' });
  return { client, socket };
}

describe('RealtimeClient', () => {
  it('authenticates with its first message and hands notifications.changed to the app', async () => {
    const events: RealtimeEvent[] = [];
    const { client, socket } = await connectedClient(events);
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', token: 'token-1' });
    expect(client.status).toBe('open');
    socket.receive({ type: 'notifications.changed' });
    socket.receive({ type: 'unread.changed', count: 2 });
    expect(events).toEqual([
      { type: 'notifications.changed' },
      { type: 'unread.changed', count: 2 },
    ]);
    client.stop();
  });

  it('passes on neither control frames nor unknown ones', async () => {
    const events: RealtimeEvent[] = [];
    const { client, socket } = await connectedClient(events);
    socket.receive({ type: 'pong' });
    socket.receive({ type: 'error', code: 'X', message: 'x' });
    socket.receive({ type: 'something.else' });
    socket.onmessage?.({ data: 'not json' });
    expect(events).toEqual([]);
    client.stop();
  });
});
