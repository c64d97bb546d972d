import { Inject, Injectable } from '@nestjs/common';
import { In, MoreThan } from 'typeorm';
import { entityManagerOf, sqlOf, type Tx } from '@loadout/service-kit';
import { type ObjectErasures } from '@loadout/storage';
import {
  type MessageImage,
  MessageImageRepository,
  type PhotoCarrier,
} from '../domain/message-image-repository.port';
import { MessageImageEntity } from './message-image.entity';
import { MESSAGE_FILE_ERASURES } from './message-storage';

/** Object keys of a conversation's photo: private, never under the public `images/` prefix. */
export const messageImageKeys = (conversationId: string, imageId: string) => ({
  large: `messages/${conversationId}/${imageId}.webp`,
  thumb: `messages/${conversationId}/${imageId}-thumb.webp`,
});

const toImage = (e: MessageImageEntity): MessageImage => ({
  id: e.id,
  conversationId: e.conversationId,
  uploaderId: e.uploaderId,
  messageId: e.messageId,
  position: e.position,
  largeKey: e.largeKey,
  thumbKey: e.thumbKey,
  width: e.width,
  height: e.height,
  createdAt: e.createdAt,
});

/** The photo port over `messaging.message_images` (TypeORM), in the caller's `Tx`. */
@Injectable()
export class TypeOrmMessageImageRepository extends MessageImageRepository {
  constructor(@Inject(MESSAGE_FILE_ERASURES) private readonly fileErasures: ObjectErasures) {
    super();
  }

  private repo(tx: Tx) {
    return entityManagerOf(tx).getRepository(MessageImageEntity);
  }

  async insert(tx: Tx, image: MessageImage): Promise<void> {
    await this.repo(tx).insert(Object.assign(new MessageImageEntity(), image));
  }

  async findById(tx: Tx, id: string): Promise<MessageImage | null> {
    const row = await this.repo(tx).findOneBy({ id });
    return row ? toImage(row) : null;
  }

  countUploadedSince(tx: Tx, uploaderId: string, since: Date): Promise<number> {
    return this.repo(tx).countBy({ uploaderId, createdAt: MoreThan(since) });
  }

  async attach(tx: Tx, ids: readonly string[], message: PhotoCarrier): Promise<MessageImage[]> {
    if (ids.length === 0) return [];
    // One statement for all of them (ADR 0052), in either unit of work (`sqlOf`); the ids are
    // distinct (`photoIdsOf`).
    const rows = await sqlOf(tx)<MessageImage & { position: number }>(
      `UPDATE "messaging"."message_images" i
          SET "message_id" = $1, "position" = (p."ord" - 1)::smallint
         FROM unnest($2::varchar[]) WITH ORDINALITY AS p("id", "ord")
        WHERE i."id" = p."id" AND i."conversation_id" = $3 AND i."uploader_id" = $4
          AND i."message_id" IS NULL
        RETURNING i."id", i."conversation_id" AS "conversationId", i."uploader_id" AS "uploaderId",
                  i."message_id" AS "messageId", i."position", i."large_key" AS "largeKey",
                  i."thumb_key" AS "thumbKey", i."width", i."height", i."created_at" AS "createdAt"`,
      [message.id, ids, message.conversationId, message.senderId],
    );
    return rows.sort((a, b) => a.position - b.position);
  }

  async deleteUnsentBefore(tx: Tx, before: Date, limit: number): Promise<number> {
    const manager = entityManagerOf(tx);
    const [rows] = (await manager.query(
      `DELETE FROM "messaging"."message_images" WHERE "id" IN (
         SELECT "id" FROM "messaging"."message_images"
          WHERE "message_id" IS NULL AND "created_at" < $1
          ORDER BY "created_at" LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING "large_key", "thumb_key"`,
      [before, limit],
    )) as [{ large_key: string; thumb_key: string }[], number];
    await this.fileErasures.enqueue(
      manager,
      rows.flatMap((r) => [r.large_key, r.thumb_key]),
    );
    return rows.length;
  }

  async forMessages(tx: Tx, messageIds: readonly string[]): Promise<Map<string, MessageImage[]>> {
    const byMessage = new Map<string, MessageImage[]>();
    if (messageIds.length === 0) return byMessage;
    const rows = await this.repo(tx).find({
      where: { messageId: In([...messageIds]) },
      order: { position: 'ASC' },
    });
    for (const row of rows) {
      const list = byMessage.get(row.messageId!) ?? [];
      list.push(toImage(row));
      byMessage.set(row.messageId!, list);
    }
    return byMessage;
  }
}
