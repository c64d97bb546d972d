import {
  type ConversationDto,
  type MessageDto,
  type UnreadCountResponse,
} from '@loadout/contracts';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

describe('send a message', () => {
  let h: MessagingHarness;

  beforeAll(async () => {
    h = await startMessaging('send');
  });
  afterAll(() => h?.close());

  it('stores the message unread and updates the conversation and the recipient count', async () => {
    const { a, b, id } = await startPair(h);
    const sent = await h.call<MessageDto>(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: a,
      body: { content: '  Is this still available?  ' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      conversationId: id,
      senderId: a,
      receiverId: b,
      content: 'Is this still available?',
      isRead: false,
      offPlatformWarning: false,
    });
    const list = await h.call<{ items: ConversationDto[] }>('/api/v1/conversations', { as: b });
    expect(list.body.items[0]).toMatchObject({
      id,
      lastMessage: 'Is this still available?',
      lastMessageAt: sent.body.createdAt,
      unreadCount: { [a]: 0, [b]: 1 },
    });
  });

  it('refuses a stranger (403) and an unknown conversation (404)', async () => {
    const { id } = await startPair(h);
    const stranger = `stranger-${Date.now()}`;
    const refused = await h.call<{ code: string }>(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: stranger,
      body: { content: 'let me in' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MESSAGING.NOT_A_PARTICIPANT');
    for (const missing of ['AAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
      const res = await h.call<{ code: string }>(`/api/v1/conversations/${missing}/messages`, {
        method: 'POST',
        as: stranger,
        body: { content: 'anyone?' },
      });
      expect(res.status).toBe(404);
    }
  });

  it('keeps the unread count exact under 50 concurrent sends', async () => {
    const { a, b, id } = await startPair(h);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call<MessageDto>(`/api/v1/conversations/${id}/messages`, {
          method: 'POST',
          as: a,
          body: { content: `message ${i}` },
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const unread = await h.call<UnreadCountResponse>('/api/v1/conversations/unread-count', {
      as: b,
    });
    expect(unread.body.count).toBe(50);
    // lastMessage is the newest message by its time (ADR 0058); sends decided in the same
    // millisecond are equally new, and the last of them written holds it.
    const [row] = await h.ds.query(
      `WITH m AS (SELECT content, created_at FROM messaging.messages WHERE conversation_id = $1)
       SELECT c.last_message, c.last_message_at = (SELECT max(created_at) FROM m) AS at_newest,
              ARRAY(SELECT content FROM m WHERE created_at = (SELECT max(created_at) FROM m))
                AS newest
         FROM messaging.conversations c WHERE c.id = $1`,
      [id],
    );
    expect(row.at_newest).toBe(true);
    expect(row.newest).toContain(row.last_message);
  });

  it('writes the event to the outbox once per message, with a preview only', async () => {
    const { a, b, id } = await startPair(h);
    const long = 'Hello! ' + 'This is a long message. '.repeat(20);
    const sent = await h.call<MessageDto>(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: a,
      body: { content: long },
    });
    const rows = await h.ds.query(
      `SELECT topic, envelope FROM messaging.outbox WHERE envelope->'payload'->>'messageId' = $1`,
      [sent.body.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].topic).toBe('messaging.message.sent.v1');
    expect(rows[0].envelope).toMatchObject({
      aggregateId: id,
      actorId: a,
      payload: { conversationId: id, senderId: a, receiverId: b, offPlatformWarning: false },
    });
    const preview: string = rows[0].envelope.payload.preview;
    expect([...preview].length).toBeLessThanOrEqual(80);
    expect(JSON.stringify(rows[0].envelope)).not.toContain(long.trim());
  });

  it('flags a message with an IBAN for both parties', async () => {
    const { a, b, id } = await startPair(h);
    await h.call(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: a,
      body: { content: 'Send it to IE29 AIBK 9311 5212 3456 78' },
    });
    for (const viewer of [a, b]) {
      const thread = await h.call<{ items: MessageDto[] }>(`/api/v1/conversations/${id}/messages`, {
        as: viewer,
      });
      expect(thread.body.items[0]!.offPlatformWarning).toBe(true);
    }
  });

  it.each([
    ['empty', '', 'MESSAGING.EMPTY_MESSAGE', 'Please write a message before sending.'],
    [
      'whitespace-only',
      ' \n\t ',
      'MESSAGING.EMPTY_MESSAGE',
      'Please write a message before sending.',
    ],
    [
      'over 2,000 characters',
      'x'.repeat(2001),
      'MESSAGING.MESSAGE_TOO_LONG',
      'Messages can be at most 2000 characters.',
    ],
  ])('refuses an %s message with a clear message', async (_name, content, code, message) => {
    const { a, id } = await startPair(h);
    const res = await h.call<{ code: string; message: string; requestId: string }>(
      `/api/v1/conversations/${id}/messages`,
      { method: 'POST', as: a, body: { content } },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, message });
    expect(res.body.requestId).toBeTruthy();
  });

  it('refuses a body without content as a 400, never a 500', async () => {
    const { a, id } = await startPair(h);
    const res = await h.call<{ code: string }>(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      as: a,
      body: { content: 42 },
    });
    expect(res.status).toBe(400);
  });
});
