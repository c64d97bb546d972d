import { type MessageDto, type UnreadCountResponse } from '@loadout/contracts';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

describe('mark a conversation read', () => {
  let h: MessagingHarness;

  beforeAll(async () => {
    h = await startMessaging('markread');
  });
  afterAll(() => h?.close());

  it("sets the viewer's count to 0 and marks their received messages read", async () => {
    const { a, b, id } = await startPair(h);
    const other = await startPair(h);
    for (const content of ['one', 'two', 'three']) {
      await h.call(`/api/v1/conversations/${id}/messages`, {
        method: 'POST',
        as: a,
        body: { content },
      });
    }
    await h.call(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: b,
      body: { content: 'reply' },
    });
    expect(
      (await h.call<UnreadCountResponse>('/api/v1/conversations/unread-count', { as: b })).body,
    ).toEqual({ count: 3 });
    const read = await h.call<UnreadCountResponse>(`/api/v1/conversations/${id}/read`, {
      method: 'POST',
      as: b,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ count: 0 });
    const thread = await h.call<{ items: MessageDto[] }>(`/api/v1/conversations/${id}/messages`, {
      as: a,
    });
    expect(thread.body.items.map((m) => [m.content, m.isRead])).toEqual([
      ['one', true],
      ['two', true],
      ['three', true],
      ['reply', false],
    ]);
    // The sender's own count is untouched by the reader.
    expect(
      (await h.call<UnreadCountResponse>('/api/v1/conversations/unread-count', { as: a })).body,
    ).toEqual({ count: 1 });
    expect(other.id).not.toBe(id);
  });
});
