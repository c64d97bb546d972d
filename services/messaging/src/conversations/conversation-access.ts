import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { assertConversationId, type ConversationWithBlocks } from './domain/conversation';
import { ConversationRepository } from './domain/conversation-repository.port';
import { assertParticipant } from './domain/participants';

/** Loads a conversation for a user: 404 when missing, 403 when not theirs (seed §8 texts). */
@Injectable()
export class ConversationAccess {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
  ) {}

  async load(id: string, userId: string): Promise<ConversationWithBlocks> {
    assertConversationId(id);
    const conversation = await this.uow.read((tx) => this.conversations.find(tx, id));
    assertParticipant(conversation, userId);
    return conversation;
  }
}
