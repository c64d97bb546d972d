import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ConversationParticipantEntity } from './conversation-participant.entity';
import { ConversationEntity } from './conversation.entity';

export interface NewConversation {
  id: string;
  participants: [string, string];
  startedBy: string;
  listing: { id: string; title: string; priceCents: number | null; thumbUrl: string | null } | null;
}

/** Keyset position in a user's list: (sort time, id) of the last row shown. */
export type ConversationPosition = readonly [sortAt: string, id: string];

@Injectable()
export class ConversationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The one-to-one conversation of this pair about this listing, created when missing. Two
   * concurrent starts meet at the unique (pair, listing) index, so both get the same row.
   */
  async findOrCreate(
    input: NewConversation,
  ): Promise<{ conversation: ConversationEntity; created: boolean }> {
    return this.dataSource.transaction(async (tx) => {
      const pairKey = input.participants.join('|');
      const listingKey = input.listing?.id ?? '';
      const inserted: unknown[] = await tx.query(
        `INSERT INTO "messaging"."conversations"
           ("id", "participants", "pair_key", "listing_key", "started_by", "listing_id",
            "listing_title", "listing_price_cents", "listing_thumb_url")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT ("pair_key", "listing_key") DO NOTHING
         RETURNING "id"`,
        [
          input.id,
          input.participants,
          pairKey,
          listingKey,
          input.startedBy,
          input.listing?.id ?? null,
          input.listing?.title ?? null,
          input.listing?.priceCents ?? null,
          input.listing?.thumbUrl ?? null,
        ],
      );
      const created = inserted.length === 1;
      if (created) {
        await tx.insert(
          ConversationParticipantEntity,
          input.participants.map((userId) => ({
            conversationId: input.id,
            userId,
            unreadCount: 0,
          })),
        );
      }
      const conversation = await tx.findOneByOrFail(ConversationEntity, { pairKey, listingKey });
      return { conversation, created };
    });
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(ConversationEntity, { id });
  }

  /** Locks the conversation row so concurrent sends update lastMessage in commit order. */
  findByIdForUpdate(id: string, tx: EntityManager) {
    return tx
      .getRepository(ConversationEntity)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.id = :id', { id })
      .getOne();
  }

  /**
   * The user's conversations, most recent activity first (lastMessageAt descending, seed §7);
   * an empty one shows only to whoever started it, at its creation time.
   */
  async pageForUser(
    userId: string,
    after: ConversationPosition | null,
    limit: number,
  ): Promise<ConversationEntity[]> {
    const qb = this.dataSource
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
    return qb
      .orderBy('COALESCE(c.last_message_at, c.created_at)', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .limit(limit + 1)
      .getMany();
  }

  /** Unread counts of every participant of these conversations: conversation id → user id → n. */
  async unreadCounts(ids: string[]): Promise<Map<string, Record<string, number>>> {
    const result = new Map<string, Record<string, number>>();
    if (ids.length === 0) return result;
    const rows = await this.dataSource
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

  /** Adds one to the recipient's unread count in a single UPDATE (exact under concurrency). */
  async addUnread(tx: EntityManager, conversationId: string, userId: string): Promise<void> {
    await tx.query(
      `UPDATE "messaging"."conversation_participants" SET "unread_count" = "unread_count" + 1
        WHERE "conversation_id" = $1 AND "user_id" = $2`,
      [conversationId, userId],
    );
  }

  /** Opening a conversation sets the viewer's count to 0 (seed §4). */
  async clearUnread(tx: EntityManager, conversationId: string, userId: string): Promise<void> {
    await tx.query(
      `UPDATE "messaging"."conversation_participants" SET "unread_count" = 0
        WHERE "conversation_id" = $1 AND "user_id" = $2`,
      [conversationId, userId],
    );
  }

  /** The user's unread messages over all conversations (the header badge). */
  async totalUnread(
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<number> {
    const rows: Array<{ total: string | null }> = await manager.query(
      `SELECT COALESCE(SUM("unread_count"), 0) AS "total"
         FROM "messaging"."conversation_participants" WHERE "user_id" = $1`,
      [userId],
    );
    return Number(rows[0]?.total ?? 0);
  }
}
