import { type ServiceDataExport } from '@loadout/contracts';
import { OutboxPublisher, waitFor } from '@loadout/events/testing';
import { startPair } from './support/conversations';
import { startMessaging, type MessagingHarness } from './support/messaging-app';

jest.setTimeout(60_000);

/** Issue 26 GDPR self-service (ADR 0039): messaging's export and a deleted account's erasure. */
describe('messaging privacy', () => {
  let h: MessagingHarness;
  let identity: OutboxPublisher;

  beforeAll(async () => {
    h = await startMessaging('privacy');
    await h.app.startAllMicroservices();
    identity = await OutboxPublisher.start(h.databaseUrl, 'identity');
  });
  afterAll(async () => {
    await identity?.close();
    await h?.close();
  });

  it('exports the conversations of the caller only; after deletion the messages stay, the blocks go', async () => {
    const { a, b, id } = await startPair(h);
    for (const [as, content] of [
      [a, 'Is the M4 still for sale?'],
      [b, 'It is, collection in Athlone.'],
    ] as const)
      expect(
        (
          await h.call(`/api/v1/conversations/${id}/messages`, {
            method: 'POST',
            as,
            body: { content },
          })
        ).status,
      ).toBe(201);
    expect(
      (await h.call(`/api/v1/conversations/${id}/block`, { method: 'PUT', as: a })).status,
    ).toBe(204);

    const anonymous = await fetch(`${h.base}/internal/users/${a}/export`);
    expect(anonymous.status).toBe(401);
    const refused = await h.call<{ code: string }>(`/internal/users/${a}/export`, { as: b });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MESSAGING.NOT_YOUR_DATA');
    const mine = await h.call<ServiceDataExport>(`/internal/users/${a}/export`, { as: a });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({
      conversations: [
        expect.objectContaining({
          id,
          messages: [
            expect.objectContaining({ mine: true, content: 'Is the M4 still for sale?' }),
            expect.objectContaining({ mine: false, content: 'It is, collection in Athlone.' }),
          ],
        }),
      ],
      blocked: [expect.objectContaining({ userId: b })],
    });

    await identity.publish({
      type: 'identity.user.deleted.v1',
      aggregateId: a,
      payload: { userId: a, deletedAt: new Date().toISOString() },
    });
    await waitFor('blocks erased', async () => {
      const rows = (await h.ds.query(`SELECT 1 FROM messaging.blocks WHERE blocker_id = $1`, [
        a,
      ])) as unknown[];
      return rows.length === 0;
    });
    // The other party keeps the conversation and both sides of it.
    const thread = await h.call<{ items: { content: string }[] }>(
      `/api/v1/conversations/${id}/messages`,
      { as: b },
    );
    expect(thread.body.items.map((m) => m.content)).toEqual([
      'Is the M4 still for sale?',
      'It is, collection in Athlone.',
    ]);
  });
});
