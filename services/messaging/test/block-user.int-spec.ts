import { type ConversationDto, type MessageDto } from '@loadout/contracts';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

describe('block a user', () => {
  let h: MessagingHarness;

  beforeAll(async () => {
    h = await startMessaging('block');
  });
  afterAll(() => h?.close());

  const send = (id: string, as: string, content: string) =>
    h.call<{ code: string }>(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as,
      body: { content },
    });

  it('stops new messages both ways, keeps the history readable, and unblocks', async () => {
    const { a, b, id } = await startPair(h);
    expect((await send(id, a, 'before the block')).status).toBe(201);
    expect(
      (await h.call(`/api/v1/conversations/${id}/block`, { method: 'PUT', as: b })).status,
    ).toBe(204);
    // Idempotent.
    expect(
      (await h.call(`/api/v1/conversations/${id}/block`, { method: 'PUT', as: b })).status,
    ).toBe(204);

    for (const sender of [a, b]) {
      const res = await send(id, sender, 'after the block');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('MESSAGING.BLOCKED');
    }
    const thread = await h.call<{ items: MessageDto[] }>(`/api/v1/conversations/${id}/messages`, {
      as: a,
    });
    expect(thread.body.items.map((m) => m.content)).toEqual(['before the block']);
    const seenByB = await h.call<{ items: ConversationDto[] }>('/api/v1/conversations', { as: b });
    expect(seenByB.body.items[0]).toMatchObject({ id, blocked: true, blockedByMe: true });
    const seenByA = await h.call<{ items: ConversationDto[] }>('/api/v1/conversations', { as: a });
    expect(seenByA.body.items[0]).toMatchObject({ id, blocked: true, blockedByMe: false });

    // Only the blocker can lift their own block.
    await h.call(`/api/v1/conversations/${id}/block`, { method: 'DELETE', as: a });
    expect((await send(id, a, 'still blocked')).status).toBe(403);
    await h.call(`/api/v1/conversations/${id}/block`, { method: 'DELETE', as: b });
    expect((await send(id, a, 'after unblock')).status).toBe(201);
  });
});
