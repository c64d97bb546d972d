import { Socket } from 'node:net';
import { TokenVerifier } from '@loadout/auth';
import { type MessageDto, type RealtimeServerMessage } from '@loadout/contracts';
import { AppError } from '@loadout/errors';
import { SENDS_PER_MINUTE } from '../src/realtime/realtime.server';
import { buildUserId } from './factories/user.factory';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';
import { connectSocket, isMessageCreated, type TestSocket } from './support/ws-client';

type Answer = Extract<RealtimeServerMessage, { type: 'sent' } | { type: 'error' }>;

/** Messages sent over the open socket (ADR 0059): the HTTP send's rules, answered by `ref`. */
describe('sending a message over /ws', () => {
  let h: MessagingHarness;
  const sockets: TestSocket[] = [];
  let refs = 0;

  beforeAll(async () => {
    h = await startMessaging('ws_send');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await h?.close();
  });

  const open = async (userId: string | null) => {
    const socket = await connectSocket(h.base, userId ? await h.token(userId) : null);
    sockets.push(socket);
    return socket;
  };
  /** Sends one frame and waits for the answer carrying its ref. */
  const send = async (socket: TestSocket, frame: Record<string, unknown>): Promise<Answer> => {
    const ref = `r-${++refs}`;
    socket.ws.send(JSON.stringify({ type: 'send', ref, ...frame }));
    return socket.next(
      (m): m is Answer => (m.type === 'sent' || m.type === 'error') && m.ref === ref,
      3000,
    );
  };
  const post = (id: string, as: string, body: unknown) =>
    h.call<MessageDto & { code?: string; message?: string; details?: unknown }>(
      `/api/v1/conversations/${id}/messages`,
      { method: 'POST', as, body },
    );
  const stored = async (conversationId: string) =>
    (
      (await h.ds.query(
        `SELECT count(*)::int AS n FROM messaging.messages WHERE conversation_id = $1`,
        [conversationId],
      )) as { n: number }[]
    )[0]!.n;

  it('sends, answers with the message, and delivers it to the other participant', async () => {
    const { a, b, id } = await startPair(h);
    const sa = await open(a);
    const sb = await open(b);
    const answer = await send(sa, { conversationId: id, content: '  Still for sale?  ' });
    expect(answer).toMatchObject({
      type: 'sent',
      message: { conversationId: id, senderId: a, receiverId: b, content: 'Still for sale?' },
    });
    const delivered = await sb.next(isMessageCreated, 1000);
    expect(delivered.message).toEqual((answer as Extract<Answer, { type: 'sent' }>).message);
    const read = await h.call<{ items: MessageDto[] }>(`/api/v1/conversations/${id}/messages`, {
      as: b,
    });
    expect(read.body.items.map((m) => m.content)).toEqual(['Still for sale?']);
  });

  it("writes the sender's two events and the answer to its socket at once (one TCP write)", async () => {
    const { a, b, id } = await startPair(h);
    const sa = await open(a);
    await open(b);
    // The server's end of the sender's connection (the app runs in this process), and each
    // write the stream hands to that TCP socket (one per chunk, or one for all corked ones).
    const client = (sa.ws as unknown as { _socket: Socket })._socket;
    const ours = (socket: Socket) => socket.remotePort === client.localPort;
    const writes = [
      jest.spyOn(Socket.prototype as unknown as { _write: () => void }, '_write'),
      jest.spyOn(Socket.prototype as unknown as { _writev: () => void }, '_writev'),
    ];
    const from = sa.received.length;
    try {
      const answer = await send(sa, { conversationId: id, content: 'One write?' });
      // Anything written later than the answer would arrive within this wait.
      await new Promise((r) => setTimeout(r, 200));

      expect(answer.type).toBe('sent');
      expect(sa.received.slice(from).map((m) => m.type)).toEqual([
        'message.created',
        'conversation.updated',
        'sent',
      ]);
      const server = writes.flatMap((w) => w.mock.contexts).filter((s) => ours(s as Socket));
      expect(server.length).toBe(1);
    } finally {
      writes.forEach((w) => w.mockRestore());
    }
  });

  it('refuses what the HTTP send refuses, with the same code, text and details', async () => {
    const { a, id } = await startPair(h);
    const sa = await open(a);
    for (const body of [
      { content: '   ' },
      { content: 42 },
      { content: 'x'.repeat(2001) },
      { content: 'hi\u0000' },
      { content: 'hi', extra: true },
      { content: 'hi', imageIds: 'img' },
      { content: 'hi', imageIds: ['a', 'b', 'c', 'd', 'e'] },
    ]) {
      const overHttp = await post(id, a, body);
      expect(overHttp.status).toBe(400);
      const answer = await send(sa, { conversationId: id, ...body });
      expect(answer).toEqual({
        type: 'error',
        ref: answer.ref,
        code: overHttp.body.code,
        message: overHttp.body.message,
        ...(overHttp.body.details !== undefined && { details: overHttp.body.details }),
        status: 400,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
    expect(await stored(id)).toBe(0);
  });

  it('refuses a socket that is not signed in, a stranger, a block and an unknown conversation', async () => {
    const { a, b, id } = await startPair(h);
    const anonymous = await open(null);
    expect(await send(anonymous, { conversationId: id, content: 'hi' })).toMatchObject({
      type: 'error',
      code: 'AUTH.REQUIRED',
    });
    const stranger = await open(buildUserId('stranger'));
    expect(await send(stranger, { conversationId: id, content: 'hi' })).toMatchObject({
      type: 'error',
      status: 403,
      code: 'MESSAGING.NOT_A_PARTICIPANT',
      message: 'Access denied: User is not a participant in this conversation',
    });
    const sa = await open(a);
    expect(await send(sa, { conversationId: 'nope', content: 'hi' })).toMatchObject({
      type: 'error',
      code: 'MESSAGING.CONVERSATION_NOT_FOUND',
    });
    expect(
      (await h.call(`/api/v1/conversations/${id}/block`, { method: 'PUT', as: b })).status,
    ).toBe(204);
    expect(await send(sa, { conversationId: id, content: 'hi' })).toMatchObject({
      type: 'error',
      code: 'MESSAGING.BLOCKED',
    });
    expect(await stored(id)).toBe(0);
  });

  it(`tells a user over ${SENDS_PER_MINUTE} sends a minute to wait, and sends none of the excess`, async () => {
    const { a, id } = await startPair(h);
    const sa = await open(a);
    const answers: Answer[] = [];
    for (let i = 0; i <= SENDS_PER_MINUTE; i++)
      answers.push(await send(sa, { conversationId: id, content: `#${i}` }));
    const refused = answers.filter((m) => m.type === 'error');
    // The counting window is the clock's minute: a run across its turn may count anew once.
    expect(refused.length).toBeLessThanOrEqual(1);
    if (refused.length === 1) {
      expect(refused[0]).toMatchObject({
        code: 'COMMON.RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
        status: 429,
      });
    }
    expect(await stored(id)).toBe(answers.length - refused.length);
    const more = await send(sa, { conversationId: id, content: 'one more' });
    if (refused.length === 1) expect(more).toMatchObject({ code: 'COMMON.RATE_LIMITED' });
  });

  it('closes the socket of a session that ended, without sending', async () => {
    const { a, id } = await startPair(h);
    const sa = await open(a);
    const verifier = h.app.get(TokenVerifier);
    const ended = jest
      .spyOn(verifier, 'assertSessionOpen')
      .mockRejectedValueOnce(
        new AppError(
          'AUTH.SESSION_ENDED',
          'You have signed out on this device.',
          'unauthenticated',
        ),
      );
    try {
      expect(await send(sa, { conversationId: id, content: 'hi' })).toMatchObject({
        type: 'error',
        code: 'AUTH.SESSION_ENDED',
      });
      expect((await sa.closed).code).toBe(4401);
    } finally {
      ended.mockRestore();
    }
    expect(await stored(id)).toBe(0);
  });
});
