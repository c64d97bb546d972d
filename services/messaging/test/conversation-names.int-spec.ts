import { type ConversationDto, type ConversationListResponse } from '@loadout/contracts';
import { buildListing } from './factories/listing.factory';
import { buildUserId } from './factories/user.factory';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

describe("conversations carry the other person's name and avatar", () => {
  let h: MessagingHarness;

  beforeAll(async () => {
    h = await startMessaging('names');
  });
  afterAll(() => h?.close());

  const listFor = async (userId: string) => {
    const res = await h.call<ConversationListResponse>('/api/v1/conversations', { as: userId });
    expect(res.status).toBe(200);
    return res.body.items;
  };

  it('names the other participant, and only them, in each side of the list', async () => {
    const aoife = buildUserId('aoife');
    const cian = buildUserId('cian');
    h.users.name(aoife, 'Aoife B.', 'https://img.example/aoife.webp');
    h.users.name(cian, 'Cian W.');
    const started = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: aoife,
      body: { recipientId: cian },
    });
    expect(started.status).toBe(201);
    expect(started.body.otherUser).toEqual({ id: cian, displayName: 'Cian W.', avatarUrl: null });
    // The recipient sees a conversation once its first message is sent.
    const sent = await h.call(`/api/v1/conversations/${started.body.id}/messages`, {
      method: 'POST',
      as: aoife,
      body: { content: 'Is the Hi-Capa still available?' },
    });
    expect(sent.status).toBe(201);

    const [ofAoife] = await listFor(aoife);
    expect(ofAoife!.otherUser).toEqual({ id: cian, displayName: 'Cian W.', avatarUrl: null });
    const [ofCian] = await listFor(cian);
    expect(ofCian!.otherUser).toEqual({
      id: aoife,
      displayName: 'Aoife B.',
      avatarUrl: 'https://img.example/aoife.webp',
    });
    expect(JSON.stringify(ofCian)).not.toContain('Cian W.');
  });

  it('names the seller of a conversation about a listing', async () => {
    const buyer = buildUserId('buyer');
    const listing = h.listings.add(buildListing());
    h.users.name(listing.sellerId, 'Ciarán the seller');
    const res = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: buyer,
      body: { listingId: listing.id },
    });
    expect(res.body.otherUser.displayName).toBe('Ciarán the seller');
    expect(res.body.listing?.title).toBe(listing.title);
  });

  it('gives no name for someone identity no longer knows as active, and keeps the conversation', async () => {
    const a = buildUserId('a');
    const gone = buildUserId('gone');
    await h.call('/api/v1/conversations', { method: 'POST', as: a, body: { recipientId: gone } });
    h.users.suspend(gone);
    // Names are kept a minute; a fresh replica asks identity afresh.
    const replica = await h.startReplica();
    const res = await fetch(`${await replica.getUrl()}/api/v1/conversations`, {
      headers: { authorization: `Bearer ${await h.token(a)}` },
    });
    const body = (await res.json()) as ConversationListResponse;
    expect(res.status).toBe(200);
    expect(body.items[0]!.otherUser).toEqual({ id: gone, displayName: null, avatarUrl: null });
    await replica.close();
  });

  it('still lists conversations, without names, while identity cannot answer', async () => {
    const a = buildUserId('a');
    const b = buildUserId('b');
    h.users.profilesDown(true);
    try {
      const replica = await h.startReplica();
      const started = await fetch(`${await replica.getUrl()}/api/v1/conversations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await h.token(a)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ recipientId: b }),
      });
      expect(started.status).toBe(201);
      const listed = await fetch(`${await replica.getUrl()}/api/v1/conversations`, {
        headers: { authorization: `Bearer ${await h.token(a)}` },
      });
      expect(listed.status).toBe(200);
      const body = (await listed.json()) as ConversationListResponse;
      expect(body.items[0]!.otherUser).toEqual({ id: b, displayName: null, avatarUrl: null });
      await replica.close();
    } finally {
      h.users.profilesDown(false);
    }
  });

  it('warns in both inbox previews while the last message asks for payment outside checkout', async () => {
    const a = buildUserId('a');
    const b = buildUserId('b');
    const started = await h.call<ConversationDto>('/api/v1/conversations', {
      method: 'POST',
      as: a,
      body: { recipientId: b },
    });
    expect(started.body.lastMessageOffPlatform).toBe(false);
    const send = (content: string) =>
      h.call(`/api/v1/conversations/${started.body.id}/messages`, {
        method: 'POST',
        as: a,
        body: { content },
      });
    await send('Send it to IE29 AIBK 9311 5212 3456 78');
    for (const viewer of [a, b])
      expect((await listFor(viewer))[0]!.lastMessageOffPlatform).toBe(true);
    await send('Or just pay through checkout, thanks');
    for (const viewer of [a, b])
      expect((await listFor(viewer))[0]!.lastMessageOffPlatform).toBe(false);
  });
});
