import { Injectable } from '@nestjs/common';
import { type ConversationListResponse } from '@loadout/contracts';
import { decodeCursor, encodeCursor } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { toConversationDto } from '../conversation-view';
import { ConversationRepository } from '../domain/conversation-repository.port';
import { UserDirectory } from '../users/user-directory';

/** The viewer's conversations, most recent first, with unread counts, block state and names. */
@Injectable()
export class ListConversationsQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly users: UserDirectory,
  ) {}

  async execute(
    userId: string,
    params: { cursor?: string; limit: number },
  ): Promise<ConversationListResponse> {
    const after = params.cursor ? decodeCursor(params.cursor, 2) : null;
    const { rows, page, unread, blocks } = await this.uow.read(async (tx) => {
      const rows = await this.conversations.pageForUser(
        tx,
        userId,
        after ? [String(after[0]), String(after[1])] : null,
        params.limit,
      );
      const page = rows.slice(0, params.limit);
      const unread = await this.conversations.unreadCounts(
        tx,
        page.map((c) => c.id),
      );
      const blocks = await this.conversations.blocksInvolving(tx, userId);
      return { rows, page, unread, blocks };
    });
    const otherOf = (participants: string[]) => participants.find((p) => p !== userId) ?? userId;
    const people = await this.users.profiles(page.map((c) => otherOf(c.participants)));
    const items = page.map((c) => {
      const other = otherOf(c.participants);
      return toConversationDto(
        c,
        userId,
        unread.get(c.id) ?? {},
        {
          blocked: blocks.some((b) => b.blockerId === other || b.blockedId === other),
          blockedByMe: blocks.some((b) => b.blockerId === userId && b.blockedId === other),
        },
        people,
      );
    });
    const last = page[page.length - 1];
    return {
      items,
      nextCursor:
        rows.length > params.limit && last
          ? encodeCursor([(last.lastMessageAt ?? last.createdAt).toISOString(), last.id])
          : null,
    };
  }
}
