import { type ConversationDto } from '@loadout/contracts';
import { buildListing } from './factories/listing.factory';
import { buildUserId } from './factories/user.factory';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

describe('start a conversation', () => {
  let h: MessagingHarness;

  beforeAll(async () => {
    h = await startMessaging('start');
  });
  afterAll(() => h?.close());

  it('has no drift between entities and committed migrations', async () => {
    const pending = await h.ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('starts a conversation about a listing with its seller and shows the listing context', async () => {
    const buyer = buildUserId('buyer');
    const listing = h.listings.add(buildListing());
    const res = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: buyer,
      body: { listingId: listing.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      otherUserId: listing.sellerId,
      listing: {
        id: listing.id,
        title: listing.title,
        priceCents: 32_500,
        thumbUrl: listing.thumbUrl,
      },
      lastMessage: null,
      unreadCount: { [buyer]: 0, [listing.sellerId]: 0 },
      blocked: false,
    });
    expect([...res.body.participants].sort()).toEqual([buyer, listing.sellerId].sort());
  });

  it('reuses the one-to-one conversation about the same listing, whoever starts it', async () => {
    const buyer = buildUserId('buyer');
    const listing = h.listings.add(buildListing());
    const first = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: buyer,
      body: { listingId: listing.id },
    });
    const again = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: buyer,
      body: { listingId: listing.id, recipientId: listing.sellerId },
    });
    const fromSeller = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: listing.sellerId,
      body: { listingId: listing.id, recipientId: buyer },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(fromSeller.body.id).toBe(first.body.id);
  });

  it('reuses one conversation when ten start it at once', async () => {
    const a = buildUserId('a');
    const b = buildUserId('b');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.call<ConversationDto>('/api/v1/conversations', {
          method: 'POST',
          as: a,
          body: { recipientId: b },
        }),
      ),
    );
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('keeps a separate conversation per listing between the same two users', async () => {
    const buyer = buildUserId('buyer');
    const seller = buildUserId('seller');
    const l1 = h.listings.add(buildListing({ sellerId: seller }));
    const l2 = h.listings.add(buildListing({ sellerId: seller }));
    const c1 = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: buyer,
      body: { listingId: l1.id },
    });
    const c2 = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: buyer,
      body: { listingId: l2.id },
    });
    expect(c1.body.id).not.toBe(c2.body.id);
  });

  it('refuses a conversation with yourself, an unknown listing and an anonymous caller', async () => {
    const me = buildUserId();
    const self = await h.call<{ code: string }>('/api/v1/conversations', {
      method: 'POST',
      as: me,
      body: { recipientId: me },
    });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('MESSAGING.SELF_CONVERSATION');
    const unknown = await h.call<{ code: string }>('/api/v1/conversations', {
      method: 'POST',
      as: me,
      body: { listingId: 'x'.repeat(21) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('MESSAGING.LISTING_NOT_FOUND');
    const anonymous = await h.call('/api/v1/conversations', { method: 'POST', body: {} });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a recipient who is not an existing, active user with a 404 and keeps nothing', async () => {
    const me = buildUserId('me');
    const ghost = buildUserId('ghost');
    const suspended = buildUserId('suspended');
    h.users.forget(ghost);
    h.users.suspend(suspended);
    for (const recipientId of [ghost, suspended]) {
      const res = await h.call<{ code: string; message: string; requestId: string }>(
        '/api/v1/conversations',
        { method: 'POST', as: me, body: { recipientId } },
      );
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'MESSAGING.RECIPIENT_NOT_FOUND',
        message: 'That user could not be found.',
      });
      expect(typeof res.body.requestId).toBe('string');
    }
    const listing = h.listings.add(buildListing({ sellerId: suspended }));
    const aboutListing = await h.call<{ code: string }>('/api/v1/conversations', {
      method: 'POST',
      as: me,
      body: { listingId: listing.id },
    });
    expect(aboutListing.status).toBe(404);
    expect(aboutListing.body.code).toBe('MESSAGING.RECIPIENT_NOT_FOUND');
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM messaging.conversation_participants WHERE user_id = ANY($1)`,
      [[ghost, suspended]],
    )) as { n: number }[];
    expect(n).toBe(0);
  });

  it('answers 503 in the house shape when identity cannot be asked', async () => {
    const down = await startMessaging('start_noid', { IDENTITY_URL: 'http://127.0.0.1:9' });
    try {
      const res = await down.call<{ code: string }>('/api/v1/conversations', {
        method: 'POST',
        as: buildUserId('me'),
        body: { recipientId: buildUserId('other') },
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('MESSAGING.IDENTITY_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });

  it('lists my conversations by last message, newest first, with keyset pages', async () => {
    const me = buildUserId('me');
    const others = [buildUserId('o1'), buildUserId('o2'), buildUserId('o3')];
    const ids: string[] = [];
    for (const other of others) {
      const c = await h.call<ConversationDto>('/api/v1/conversations', {
        method: 'POST',
        as: me,
        body: { recipientId: other },
      });
      ids.push(c.body.id);
    }
    // Messages in order o2, o1, o3 make o3 the newest and o2 the oldest.
    for (const i of [1, 0, 2]) {
      await h.call(`/api/v1/conversations/${ids[i]}/messages`, {
        method: 'POST',
        as: others[i],
        body: { content: `hello from ${i}` },
      });
    }
    const page1 = await h.call<{ items: ConversationDto[]; nextCursor: string }>(
      '/api/v1/conversations?limit=2',
      { as: me },
    );
    expect(page1.body.items.map((c) => c.id)).toEqual([ids[2], ids[0]]);
    expect(page1.body.items[0]!.lastMessage).toBe('hello from 2');
    expect(page1.body.items[0]!.unreadCount[me]).toBe(1);
    const page2 = await h.call<{ items: ConversationDto[]; nextCursor: string | null }>(
      `/api/v1/conversations?limit=2&cursor=${page1.body.nextCursor}`,
      { as: me },
    );
    expect(page2.body.items.map((c) => c.id)).toEqual([ids[1]]);
    expect(page2.body.nextCursor).toBeNull();
    // The other side sees it only once a message exists.
    const otherList = await h.call<{ items: ConversationDto[] }>('/api/v1/conversations', {
      as: others[0],
    });
    expect(otherList.body.items.map((c) => c.id)).toEqual([ids[0]]);
  });
});
