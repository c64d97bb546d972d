import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type MessageDto, type MessageImageDto, type ServiceDataExport } from '@loadout/contracts';
import { OutboxPublisher, waitFor } from '@loadout/events/testing';
import { GPS_PHOTO_PATH } from '@loadout/images/testing';
import { erasureRetryDelayMs, type ObjectErasures } from '@loadout/storage';
import { MESSAGE_FILE_ERASURES } from '../src/conversations/persistence/message-storage';
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

  describe('stored photo files of a deleted account', () => {
    const photo = readFileSync(GPS_PHOTO_PATH);
    const erasures = () => h.app.get<ObjectErasures>(MESSAGE_FILE_ERASURES);
    const upload = (conversationId: string, as: string) =>
      h.upload<MessageImageDto>(`/api/v1/conversations/${conversationId}/images`, {
        body: photo,
        contentType: 'image/jpeg',
        as,
      });
    const keysOf = async (imageId: string) => {
      const [row] = (await h.ds.query(
        `SELECT large_key, thumb_key FROM messaging.message_images WHERE id = $1`,
        [imageId],
      )) as { large_key: string; thumb_key: string }[];
      return [row!.large_key, row!.thumb_key].map((k) => path.join(h.objectsDir, k));
    };
    const deleteAccount = async (userId: string) => {
      await identity.publish({
        type: 'identity.user.deleted.v1',
        aggregateId: userId,
        payload: { userId, deletedAt: new Date().toISOString() },
      });
      await waitFor('unsent photo rows erased', async () => {
        const rows = (await h.ds.query(
          `SELECT 1 FROM messaging.message_images WHERE uploader_id = $1 AND message_id IS NULL`,
          [userId],
        )) as unknown[];
        return rows.length === 0;
      });
    };

    it('erases the files of unsent uploads after the erasure commits; sent photos stay with the other party', async () => {
      const { a, b, id } = await startPair(h);
      const sentPhoto = await upload(id, a);
      const sent = await h.call<MessageDto>(`/api/v1/conversations/${id}/messages`, {
        method: 'POST',
        as: a,
        body: { content: 'the scope', imageIds: [sentPhoto.body.id] },
      });
      expect(sent.status).toBe(201);
      const unsent = await upload(id, a);
      expect(unsent.status).toBe(201);
      const unsentFiles = await keysOf(unsent.body.id);
      const sentFiles = await keysOf(sentPhoto.body.id);
      for (const f of [...unsentFiles, ...sentFiles]) expect(existsSync(f)).toBe(true);

      await deleteAccount(a);
      await erasures().eraseDue();
      for (const f of unsentFiles) expect(existsSync(f)).toBe(false);
      for (const f of sentFiles) expect(existsSync(f)).toBe(true);
      expect((await h.fetchBytes(sentPhoto.body.url, b)).status).toBe(200);
      expect(await erasures().pending()).toEqual([]);
    });

    it('retries a file the store failed to delete until it is gone', async () => {
      const { a, id } = await startPair(h);
      const unsent = await upload(id, a);
      const [large, thumb] = await keysOf(unsent.body.id);
      // The store fails on this object: a non-empty directory where the file was.
      renameSync(large!, `${large}.saved`);
      mkdirSync(large!);
      writeFileSync(path.join(large!, 'in-the-way'), 'x');

      await deleteAccount(a);
      const t0 = new Date();
      expect(await erasures().eraseDue(t0)).toEqual({ erased: 1, failed: 1 });
      expect(existsSync(thumb!)).toBe(false);
      const [waiting] = await erasures().pending();
      expect(waiting).toMatchObject({ key: path.relative(h.objectsDir, large!), attempts: 1 });

      // The store works again: the next due round erases the file.
      rmSync(large!, { recursive: true });
      renameSync(`${large}.saved`, large!);
      expect(await erasures().eraseDue(new Date(t0.getTime() + erasureRetryDelayMs(1)))).toEqual({
        erased: 1,
        failed: 0,
      });
      expect(existsSync(large!)).toBe(false);
      expect(await erasures().pending()).toEqual([]);
    });
  });
});
