import { type HiddenMessageDto, type MessageDto } from '@loadout/contracts';
import { buildUserId } from './factories/user.factory';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

describe('hide a message (moderators)', () => {
  let h: MessagingHarness;
  let admin = '';

  beforeAll(async () => {
    h = await startMessaging('hide');
    admin = await h.issuer.sign({ sub: 'admin-1', roles: ['user', 'admin'] });
  });
  afterAll(() => h?.close());

  const hide = (id: string, messageId: string, token?: string, reason = 'Harassment (terms)') =>
    fetch(`${h.base}/api/v1/conversations/${id}/messages/${messageId}/hide`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ reason }),
    });

  it('replaces the content for both participants and names the sender to the admin', async () => {
    const { a, b, id } = await startPair(h);
    const sent = await h.call<MessageDto>(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: a,
      body: { content: 'You will regret this' },
    });
    const res = await hide(id, sent.body.id, admin);
    expect(res.status).toBe(200);
    expect((await res.json()) as HiddenMessageDto).toMatchObject({
      messageId: sent.body.id,
      conversationId: id,
      senderId: a,
    });
    for (const viewer of [a, b]) {
      const thread = await h.call<{ items: MessageDto[] }>(`/api/v1/conversations/${id}/messages`, {
        as: viewer,
      });
      expect(thread.body.items).toEqual([
        expect.objectContaining({
          id: sent.body.id,
          content: 'This message was removed by a moderator.',
          hiddenByModerator: true,
          images: [],
        }),
      ]);
    }
    // Idempotent.
    expect((await hide(id, sent.body.id, admin)).status).toBe(200);
  });

  it('is for admins only and 404s on a message of another conversation', async () => {
    const { a, id } = await startPair(h);
    const other = await startPair(h);
    const sent = await h.call<MessageDto>(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: a,
      body: { content: 'hello' },
    });
    expect((await hide(id, sent.body.id)).status).toBe(401);
    expect((await hide(id, sent.body.id, await h.token(a))).status).toBe(403);
    expect((await hide(id, sent.body.id, await h.token(buildUserId()))).status).toBe(403);
    const wrong = await hide(other.id, sent.body.id, admin);
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ code: 'MESSAGING.MESSAGE_NOT_FOUND' });
    expect((await hide(id, 'not-an-id', admin)).status).toBe(404);
    expect((await hide(id, sent.body.id, admin, '')).status).toBe(400);
  });
});
