import { Injectable } from '@nestjs/common';
import { type MessageListResponse } from '@loadout/contracts';
import { decodeCursor, encodeCursor } from '@loadout/db';
import { ConversationAccess } from '../conversation-access';
import { toMessageDto } from '../conversation-view';
import { UnitOfWork } from '@loadout/service-kit';
import { ConversationRepository } from '../domain/conversation-repository.port';
import { MessageImageRepository } from '../domain/message-image-repository.port';

/** A thread, oldest first (seed §7), with keyset pagination; participants only. */
@Injectable()
export class ReadMessagesQuery {
  constructor(
    private readonly access: ConversationAccess,
    private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly images: MessageImageRepository,
  ) {}

  async execute(
    conversationId: string,
    userId: string,
    params: { cursor?: string; limit: number },
  ): Promise<MessageListResponse> {
    await this.access.load(conversationId, userId);
    const after = params.cursor ? decodeCursor(params.cursor, 2) : null;
    const rows = await this.uow.read((tx) =>
      this.conversations.messagesPage(
        tx,
        conversationId,
        after ? [String(after[0]), String(after[1])] : null,
        params.limit,
      ),
    );
    const page = rows.slice(0, params.limit);
    const last = page[page.length - 1];
    const images = await this.uow.read((tx) =>
      this.images.forMessages(
        tx,
        page.map((m) => m.id),
      ),
    );
    return {
      items: page.map((m) => toMessageDto(m, images.get(m.id))),
      nextCursor:
        rows.length > params.limit && last
          ? encodeCursor([last.createdAt.toISOString(), last.id])
          : null,
    };
  }
}
