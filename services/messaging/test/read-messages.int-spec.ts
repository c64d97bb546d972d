import { type MessageDto } from '@loadout/contracts';
import { buildUserId } from './factories/user.factory';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

describe('read messages', () => {
  let h: MessagingHarness;

  beforeAll(async () => {
    h = await startMessaging('read');
  });
  afterAll(() => h?.close());

  it('reads a thread oldest first in keyset pages', async () => {
    const { a, b, id } = await startPair(h);
    for (let i = 0; i < 5; i++) {
      await h.call(`/api/v1/conversations/${id}/messages`, {
        method: 'POST',
        as: i % 2 ? b : a,
        body: { content: `m${i}` },
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: MessageDto[]; nextCursor: string | null } } = await h.call(
        `/api/v1/conversations/${id}/messages?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { as: b },
      );
      seen.push(...page.body.items.map((m) => m.content));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it("gives a non-participant the seed's 403 on every conversation call", async () => {
    const { id } = await startPair(h);
    const stranger = buildUserId('stranger');
    const calls = [
      h.call(`/api/v1/conversations/${id}/messages`, { as: stranger }),
      h.call(`/api/v1/conversations/${id}/messages`, {
        method: 'POST',
        as: stranger,
        body: { content: 'hi' },
      }),
      h.call(`/api/v1/conversations/${id}/read`, { method: 'POST', as: stranger }),
      h.call(`/api/v1/conversations/${id}/block`, { method: 'PUT', as: stranger }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'MESSAGING.NOT_A_PARTICIPANT',
        message: 'Access denied: User is not a participant in this conversation',
      });
    }
  });

  it("answers a missing conversation with the seed's 404", async () => {
    const me = buildUserId();
    for (const id of ['A'.repeat(21), 'not-an-id']) {
      const res = await h.call(`/api/v1/conversations/${id}/messages`, { as: me });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'MESSAGING.CONVERSATION_NOT_FOUND',
        message: 'Conversation not found',
      });
    }
  });

  it('refuses a tampered cursor with a 400', async () => {
    const { a, id } = await startPair(h);
    const res = await h.call(`/api/v1/conversations/${id}/messages?cursor=zzz`, { as: a });
    expect(res.status).toBe(400);
  });
});
