import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { isId } from '@loadout/db';
import { conversationNotFound } from './domain/conversation.errors';
import { assertParticipant } from './domain/participants';
import { type ConversationEntity } from './persistence/conversation.entity';
import { ConversationRepository } from './persistence/conversation.repository';

/** Loads a conversation for a user: 404 when missing, 403 when not theirs (seed §8 texts). */
@Injectable()
export class ConversationAccess {
  constructor(private readonly conversations: ConversationRepository) {}

  async load(id: string, userId: string, manager?: EntityManager): Promise<ConversationEntity> {
    if (!isId(id)) throw conversationNotFound();
    const conversation = await this.conversations.findById(id, manager);
    assertParticipant(conversation, userId);
    return conversation as ConversationEntity;
  }
}
