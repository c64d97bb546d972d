import { createClient } from 'redis';
import { type RealtimeServerMessage } from '@loadout/contracts';
import { ORIGIN_BATCH_CHANNEL } from '../src/realtime/realtime-bus';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';
import { startMessagingProcess } from './support/messaging-process';
import { socketWritesDuring } from './support/socket-writes';
import {
  connectSocket,
  isMessageCreated,
  isUnreadChanged,
  type TestSocket,
} from './support/ws-client';

describe('real time over /ws (one process, in-process fan-out)', () => {
  let h: MessagingHarness;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    h = await startMessaging('ws');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await h?.close();
  });

  it("delivers one client's message to the other within 1 s", async () => {
    const { a, b, id } = await startPair(h);
    const sa = await connectSocket(h.base, await h.token(a));
    const sb = await connectSocket(h.base, await h.token(b));
    sockets.push(sa, sb);
    const started = Date.now();
    await h.call(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: a,
      body: { content: 'Still for sale?' },
    });
    const got = await sb.next(isMessageCreated, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(got.message).toMatchObject({
      conversationId: id,
      senderId: a,
      content: 'Still for sale?',
    });
    expect((await sb.next(isUnreadChanged, 1000)).count).toBe(1);
    // The sender's other devices see it too.
    expect((await sa.next(isMessageCreated, 1000)).message.content).toBe('Still for sale?');
  });

  it("writes a message's three events to the receiver's socket in one write", async () => {
    const { a, b, id } = await startPair(h);
    const sb = await connectSocket(h.base, await h.token(b));
    sockets.push(sb);
    const writes = await socketWritesDuring(h.app, b, async () => {
      await h.call(`/api/v1/conversations/${id}/messages`, {
        method: 'POST',
        as: a,
        body: { content: 'one write' },
      });
      await sb.next(isUnreadChanged, 1000);
    });
    // message.created, conversation.updated, unread.changed: header and payload of each.
    expect(writes).toEqual([6]);
  });

  it('delivers nothing to a socket that never authenticated, and closes it on a bad token', async () => {
    const { a, b, id } = await startPair(h);
    const anonymous = await connectSocket(h.base, null);
    sockets.push(anonymous);
    await h.call(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: a,
      body: { content: 'private' },
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(anonymous.received).toEqual([]);
    anonymous.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect((await anonymous.closed).code).toBe(4401);
    expect(b).toBeTruthy();
  });

  it("accepts a refreshed token for the same user and refuses another user's", async () => {
    const { a, b } = await startPair(h);
    const sa = await connectSocket(h.base, await h.token(a));
    sockets.push(sa);
    sa.received.length = 0;
    sa.ws.send(JSON.stringify({ type: 'auth', token: await h.issuer.sign({ sub: a }) }));
    await sa.next((m): m is { type: 'ready'; userId: string } => m.type === 'ready');
    sa.ws.send(JSON.stringify({ type: 'auth', token: await h.token(b) }));
    expect((await sa.closed).code).toBe(4403);
  });

  it('closes a socket whose token expires without a refresh', async () => {
    const { a } = await startPair(h);
    const shortLived = await h.issuer.sign({ sub: a, exp: Math.floor(Date.now() / 1000) + 2 });
    const sa = await connectSocket(h.base, shortLived);
    sockets.push(sa);
    expect((await sa.closed).code).toBe(4401);
  }, 10_000);
});

/** Every shape a frame can take before or after authentication (issue 22: `null` crashed it). */
const BAD_TEXT_FRAMES = [
  'null',
  '0',
  '1e999',
  '"text"',
  'true',
  '[]',
  '[null]',
  '{}',
  '{"type":null}',
  '{"type":42}',
  '{"type":{"type":"auth"}}',
  '{"type":"auth"}',
  '{"type":"auth","token":null}',
  '{"type":"auth","token":{}}',
  '{"type":"unknown"}',
  'not json',
  '',
  '{"type":"ping"'.repeat(100),
];
const isError = (
  m: RealtimeServerMessage,
): m is Extract<RealtimeServerMessage, { type: 'error' }> => m.type === 'error';
const isPong = (m: RealtimeServerMessage): m is { type: 'pong' } => m.type === 'pong';

describe('frames of every shape over /ws', () => {
  let h: MessagingHarness;
  let process2: Awaited<ReturnType<typeof startMessagingProcess>> | undefined;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    h = await startMessaging('ws_frames');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await process2?.stop();
    await h?.close();
  });

  it.each([
    ['anonymous', false],
    ['signed-in', true],
  ])(
    'answers each bad frame with an error frame and keeps a %s socket open',
    async (_, signedIn) => {
      const { a } = await startPair(h);
      const s = await connectSocket(h.base, signedIn ? await h.token(a) : null);
      sockets.push(s);
      for (const frame of BAD_TEXT_FRAMES) {
        s.received.length = 0;
        s.ws.send(frame);
        const error = await s.next(isError, 2000);
        expect(error.code).toBe('REALTIME.BAD_MESSAGE');
        expect(error.message).toEqual(expect.any(String));
      }
      s.received.length = 0;
      s.ws.send('{"type":"ping"}');
      await s.next(isPong, 2000);
      expect(s.ws.readyState).toBe(s.ws.OPEN);
    },
  );

  it('closes a socket that sends binary (1003), too large a frame (1009) or bad frames without end (1008)', async () => {
    const binary = await connectSocket(h.base, null);
    binary.ws.send(Buffer.from([0, 1, 2, 3]), { binary: true });
    expect((await binary.closed).code).toBe(1003);

    const large = await connectSocket(h.base, null);
    large.ws.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(17 * 1024) }));
    expect((await large.closed).code).toBe(1009);

    const noisy = await connectSocket(h.base, null);
    for (let i = 0; i < 25; i++) noisy.ws.send('null');
    expect((await noisy.closed).code).toBe(1008);

    // A fragmented text frame is one message to the server.
    const fragmented = await connectSocket(h.base, null);
    sockets.push(fragmented);
    fragmented.ws.send('{"type":', { fin: false });
    fragmented.ws.send('"ping"}', { fin: true });
    await fragmented.next(isPong, 2000);

    const health = await fetch(`${h.base}/health/live`);
    expect(health.status).toBe(200);
  });

  it('keeps a real messaging process running after an anonymous `null` frame', async () => {
    process2 = await startMessagingProcess({
      ...h.storageEnv,
      DATABASE_URL: h.databaseUrl,
      AUTH_ISSUER: h.issuer.issuer,
      AUTH_AUDIENCE: h.issuer.audience,
      LISTINGS_URL: h.listings.url,
      IDENTITY_URL: h.users.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    for (const frame of ['null', '1', '[]', '{"type":"auth","token":null}']) {
      const s = await connectSocket(process2.url, null);
      sockets.push(s);
      s.ws.send(frame);
      await s.next(isError, 2000);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(process2.exited()).toBe(false);
    // It also started without a warning (every app printed Fastify's FSTWRN004 before).
    expect(process2.output()).not.toMatch(/Warning/);
    expect((await fetch(`${process2.url}/health/live`)).status).toBe(200);
  }, 120_000);
});

const redisUrl = process.env['REDIS_URL'];
if (!redisUrl) {
  console.log('skipped: real time with Redis and two processes (REDIS_URL is not set)');
} else {
  describe('real time with Redis and two messaging processes', () => {
    let h: MessagingHarness;
    let replica: Awaited<ReturnType<typeof startMessagingProcess>> | undefined;
    let replicaBase = '';
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      h = await startMessaging('ws_redis', { REDIS_URL: redisUrl });
      // The second replica is the built service in its own OS process, on the same database.
      replica = await startMessagingProcess({
        ...h.storageEnv,
        DATABASE_URL: h.databaseUrl,
        AUTH_ISSUER: h.issuer.issuer,
        AUTH_AUDIENCE: h.issuer.audience,
        LISTINGS_URL: h.listings.url,
        IDENTITY_URL: h.users.url,
        REDIS_URL: redisUrl,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      });
      replicaBase = replica.url;
    }, 120_000);
    afterAll(async () => {
      sockets.forEach((s) => s.close());
      await replica?.stop();
      await h?.close();
    });

    it('delivers to a client on each process', async () => {
      const { a, b, id } = await startPair(h);
      const onFirst = await connectSocket(h.base, await h.token(b));
      const onSecond = await connectSocket(replicaBase, await h.token(b));
      const senderOnSecond = await connectSocket(replicaBase, await h.token(a));
      sockets.push(onFirst, onSecond, senderOnSecond);
      await h.call(`/api/v1/conversations/${id}/messages`, {
        method: 'POST',
        as: a,
        body: { content: 'across replicas' },
      });
      for (const s of [onFirst, onSecond, senderOnSecond]) {
        expect((await s.next(isMessageCreated, 1000)).message.content).toBe('across replicas');
      }
    });

    it("publishes a message's three events as one Redis message, in order", async () => {
      const { a, b, id } = await startPair(h);
      const spy = createClient({ url: redisUrl });
      await spy.connect();
      const seen: string[] = [];
      await spy.subscribe(ORIGIN_BATCH_CHANNEL, (raw) => seen.push(raw));
      try {
        const onSecond = await connectSocket(replicaBase, await h.token(b));
        sockets.push(onSecond);
        await h.call(`/api/v1/conversations/${id}/messages`, {
          method: 'POST',
          as: a,
          body: { content: 'one publish' },
        });
        const badge = await onSecond.next(
          (m): m is Extract<RealtimeServerMessage, { type: 'unread.changed' }> =>
            m.type === 'unread.changed',
          1000,
        );
        expect(badge.count).toBe(1);
        const mine = seen
          .map(
            (raw) =>
              (
                JSON.parse(raw) as {
                  origin: string;
                  deliveries: { event: { type: string; conversationId?: string } }[];
                }
              ).deliveries,
          )
          .filter((batch) => JSON.stringify(batch).includes(id));
        expect(mine).toHaveLength(1);
        expect(mine[0]!.map((d) => d.event.type)).toEqual([
          'message.created',
          'conversation.updated',
          'unread.changed',
        ]);
      } finally {
        await spy.quit();
      }
    });
  });
}
