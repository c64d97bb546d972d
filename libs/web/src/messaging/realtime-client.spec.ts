import { type MessageDto, type RealtimeEvent } from '@loadout/contracts';
import { ApiError } from '../api-client';
import { RealtimeClient, SEND_TIMEOUT_MS } from './realtime-client';

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

  /** A client whose socket is open and signed in. */
  async function openClient() {
    const client = new RealtimeClient({
      url: 'ws://test/ws',
      getToken: async () => 'token-1',
      onEvent: () => undefined,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    client.start();
    // The token is read before the socket opens (microtasks only: works with fake timers too).
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const socket = FakeSocket.last!;
    socket.onopen?.();
    socket.receive({ type: 'ready', userId: 'u1' });
    return { client, socket };
  }
  const lastFrame = (socket: FakeSocket) => JSON.parse(socket.sent.at(-1)!);
  const message = { id: 'm1', conversationId: 'c1', content: 'hi' } as MessageDto;

  it('sends over the open socket and resolves with the answer of its ref only', async () => {
    const { client, socket } = await openClient();
    const first = client.sendMessage({ conversationId: 'c1', content: 'hi' })!;
    const second = client.sendMessage({ conversationId: 'c1', content: 'again' })!;
    const [a, b] = [lastFrame(socket), JSON.parse(socket.sent.at(-2)!)];
    expect(b).toEqual({
      type: 'send',
      ref: expect.any(String),
      conversationId: 'c1',
      content: 'hi',
    });
    expect(a.ref).not.toBe(b.ref);
    socket.receive({ type: 'sent', ref: a.ref, message: { ...message, content: 'again' } });
    socket.receive({ type: 'sent', ref: b.ref, message });
    await expect(first).resolves.toEqual(message);
    await expect(second).resolves.toMatchObject({ content: 'again' });
    client.stop();
  });

  it("rejects with the server's status, code and text", async () => {
    const { client, socket } = await openClient();
    const sent = client.sendMessage({ conversationId: 'c1', content: ' ' })!;
    socket.receive({
      type: 'error',
      ref: lastFrame(socket).ref,
      code: 'MESSAGING.EMPTY',
      message: 'Please write a message before sending.',
      status: 400,
      requestId: 'req-1',
    });
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toJSON()).toEqual({
      status: 400,
      code: 'MESSAGING.EMPTY',
      message: 'Please write a message before sending.',
      details: undefined,
      requestId: 'req-1',
    });
    client.stop();
  });

  it('does not send when the socket is not open, and fails sends the socket never answered', async () => {
    const closed = new RealtimeClient({
      url: 'ws://test/ws',
      getToken: async () => null,
      onEvent: () => undefined,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    expect(closed.sendMessage({ conversationId: 'c1', content: 'hi' })).toBeUndefined();

    const { client, socket } = await openClient();
    const dropped = client.sendMessage({ conversationId: 'c1', content: 'hi' })!;
    socket.close();
    await expect(dropped).rejects.toMatchObject({ status: 0, code: 'REALTIME.NO_ANSWER' });
    client.stop();

    jest.useFakeTimers();
    try {
      const again = await openClient();
      const silent = again.client.sendMessage({ conversationId: 'c1', content: 'hi' })!;
      jest.advanceTimersByTime(SEND_TIMEOUT_MS);
      await expect(silent).rejects.toMatchObject({ status: 0, code: 'REALTIME.NO_ANSWER' });
      again.client.stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
