import { Injectable } from '@nestjs/common';
import { entityManagerOf, sqlOf, sqlOfManager, type RunSql, type Tx } from '@loadout/service-kit';
import { ConversationEvents } from '../conversation-events';
import {
  type Block,
  type Conversation,
  type ConversationWithBlocks,
  type Message,
  type MessagePhoto,
  type MessageSent,
  type ReadMarker,
} from '../domain/conversation';
import {
  ConversationRepository,
  type ConversationActor,
  type ConversationPosition,
  type MessagePosition,
  type UnreadCounts,
} from '../domain/conversation-repository.port';
import { BlockRepository } from './block.repository';
import { ConversationParticipantEntity } from './conversation-participant.entity';
import { ConversationEntity } from './conversation.entity';
import { toConversation, toMessage } from './conversation.mapper';
import { MessageImageRepository } from '../domain/message-image-repository.port';
import { MessageRepository } from './message.repository';

interface ConversationRow {
  id: string;
  participants: string[];
  started_by: string;
  listing_id: string | null;
  listing_title: string | null;
  listing_price_cents: number | null;
  listing_thumb_url: string | null;
  last_message: string | null;
  last_message_off_platform: boolean;
  last_message_at: Date | null;
  created_at: Date;
  updated_at: Date;
  blocks: Block[];
}

/**
 * One statement: the conversation and the blocks between its participants (`FOR UPDATE OF c`
 * when locking, so concurrent sends update the last message in commit order).
 */
const withBlocks = (where: string, lock: boolean) =>
  `SELECT c."id", c."participants", c."started_by", c."listing_id", c."listing_title",
          c."listing_price_cents", c."listing_thumb_url", c."last_message",
          c."last_message_off_platform", c."last_message_at", c."created_at", c."updated_at",
          coalesce((SELECT json_agg(json_build_object('blockerId', b."blocker_id",
                                                      'blockedId', b."blocked_id"))
                      FROM "messaging"."blocks" b
                     WHERE b."blocker_id" = ANY (c."participants")
                       AND b."blocked_id" = ANY (c."participants")), '[]') AS "blocks"
     FROM "messaging"."conversations" c
    WHERE ${where}${lock ? ' FOR UPDATE OF c' : ''}`;

const FIND = withBlocks('c."id" = $1', false);
const LOCK = withBlocks('c."id" = $1', true);

const fromRow = (r: ConversationRow): ConversationWithBlocks => ({
  id: r.id,
  participants: r.participants,
  startedBy: r.started_by,
  listingId: r.listing_id,
  listingTitle: r.listing_title,
  listingPriceCents: r.listing_price_cents,
  listingThumbUrl: r.listing_thumb_url,
  lastMessage: r.last_message,
  lastMessageOffPlatform: r.last_message_off_platform,
  lastMessageAt: r.last_message_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  blocks: r.blocks,
});

/**
 * The conversation port over `messaging.*` (TypeORM and plain SQL). `find`, `lock` and
 * `saveSent` also run in a `PgUnitOfWork` (the send's raw pg transaction, ADR 0052).
 */
@Injectable()
export class TypeOrmConversationRepository extends ConversationRepository {
  constructor(
    private readonly messages: MessageRepository,
    private readonly images: MessageImageRepository,
    private readonly blocks: BlockRepository,
    private readonly events: ConversationEvents,
  ) {
    super();
  }

  find(tx: Tx, id: string): Promise<ConversationWithBlocks | null> {
    return this.one(sqlOf(tx), FIND, [id]);
  }

  lock(tx: Tx, id: string): Promise<ConversationWithBlocks | null> {
    return this.one(sqlOf(tx), LOCK, [id]);
  }

  async findOrCreate(
    tx: Tx,
    c: Conversation,
  ): Promise<{ conversation: ConversationWithBlocks; created: boolean }> {
    const manager = entityManagerOf(tx);
    const pairKey = c.participants.join('|');
    const listingKey = c.listingId ?? '';
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "messaging"."conversations"
         ("id", "participants", "pair_key", "listing_key", "started_by", "listing_id",
          "listing_title", "listing_price_cents", "listing_thumb_url")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT ("pair_key", "listing_key") DO NOTHING
       RETURNING "id"`,
      [
        c.id,
        c.participants,
        pairKey,
        listingKey,
        c.startedBy,
        c.listingId,
        c.listingTitle,
        c.listingPriceCents,
        c.listingThumbUrl,
      ],
    );
    const created = inserted.length === 1;
    if (created) {
      await manager.insert(
        ConversationParticipantEntity,
        c.participants.map((userId) => ({ conversationId: c.id, userId, unreadCount: 0 })),
      );
    }
    const conversation = await this.one(
      sqlOfManager(manager),
      withBlocks('c."pair_key" = $1 AND c."listing_key" = $2', false),
      [pairKey, listingKey],
    );
    if (!conversation) throw new Error(`conversation ${pairKey}/${listingKey} vanished`);
    return { conversation, created };
  }

  async saveSent(
    tx: Tx,
    sent: MessageSent,
    actor: ConversationActor,
  ): Promise<{ photos: MessagePhoto[]; receiverUnreadTotal: number } | null> {
    const sql = sqlOf(tx);
    const { sent: stored, receiverUnreadTotal } = await this.messages.send(
      sql,
      sent.message,
      sent.preview,
      (firstParam, when) => this.events.messageSent(sent, actor, firstParam, when),
    );
    if (!stored) return null;
    const photos = await this.images.attach(tx, sent.photoIds, sent.message);
    return { photos, receiverUnreadTotal };
  }

  async markRead(tx: Tx, marker: ReadMarker): Promise<void> {
    const manager = entityManagerOf(tx);
    await manager.query(
      `UPDATE "messaging"."conversation_participants" SET "unread_count" = 0
        WHERE "conversation_id" = $1 AND "user_id" = $2`,
      [marker.conversationId, marker.readerId],
    );
    await this.messages.markReadFor(manager, marker.conversationId, marker.readerId);
  }

  block(tx: Tx, block: Block): Promise<void> {
    return this.blocks.block(entityManagerOf(tx), block.blockerId, block.blockedId);
  }

  unblock(tx: Tx, block: Block): Promise<void> {
    return this.blocks.unblock(entityManagerOf(tx), block.blockerId, block.blockedId);
  }

  async totalUnread(tx: Tx, userId: string): Promise<number> {
    const rows: Array<{ total: string | null }> = await entityManagerOf(tx).query(
      `SELECT COALESCE(SUM("unread_count"), 0) AS "total"
         FROM "messaging"."conversation_participants" WHERE "user_id" = $1`,
      [userId],
    );
    return Number(rows[0]?.total ?? 0);
  }

  async unreadCounts(tx: Tx, ids: readonly string[]): Promise<UnreadCounts> {
    const result: UnreadCounts = new Map();
    if (ids.length === 0) return result;
    const rows = await entityManagerOf(tx)
      .getRepository(ConversationParticipantEntity)
      .createQueryBuilder('p')
      .where('p.conversation_id IN (:...ids)', { ids })
      .getMany();
    for (const row of rows) {
      const counts = result.get(row.conversationId) ?? {};
      counts[row.userId] = row.unreadCount;
      result.set(row.conversationId, counts);
    }
    return result;
  }

  async pageForUser(
    tx: Tx,
    userId: string,
    after: ConversationPosition | null,
    limit: number,
  ): Promise<Conversation[]> {
    const qb = entityManagerOf(tx)
      .getRepository(ConversationEntity)
      .createQueryBuilder('c')
      .where(':userId = ANY(c.participants)', { userId })
      .andWhere('(c.last_message_at IS NOT NULL OR c.started_by = :userId)', { userId });
    if (after) {
      qb.andWhere(
        `(COALESCE(c.last_message_at, c.created_at), c.id) < (:sortAt::timestamptz, :id)`,
        { sortAt: after[0], id: after[1] },
      );
    }
    const rows = await qb
      .orderBy('COALESCE(c.last_message_at, c.created_at)', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .limit(limit + 1)
      .getMany();
    return rows.map(toConversation);
  }

  async blocksInvolving(tx: Tx, userId: string): Promise<Block[]> {
    const rows = await this.blocks.involving(entityManagerOf(tx), userId);
    return rows.map(({ blockerId, blockedId }) => ({ blockerId, blockedId }));
  }

  async messagesPage(
    tx: Tx,
    conversationId: string,
    after: MessagePosition | null,
    limit: number,
  ): Promise<Message[]> {
    const rows = await this.messages.page(entityManagerOf(tx), conversationId, after, limit);
    return rows.map(toMessage);
  }

  async hideMessage(
    tx: Tx,
    conversationId: string,
    messageId: string,
    reason: string,
  ): Promise<Message | null> {
    const row = await this.messages.hide(entityManagerOf(tx), conversationId, messageId, reason);
    return row ? toMessage(row) : null;
  }

  private async one(
    run: RunSql,
    sql: string,
    params: unknown[],
  ): Promise<ConversationWithBlocks | null> {
    const rows = await run<ConversationRow>(sql, params);
    return rows[0] ? fromRow(rows[0]) : null;
  }
}
