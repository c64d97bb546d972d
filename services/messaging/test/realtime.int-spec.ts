import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';
import { startMessagingProcess } from './support/messaging-process';
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
  });
}
