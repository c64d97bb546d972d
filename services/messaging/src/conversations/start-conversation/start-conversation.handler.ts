import { Injectable } from '@nestjs/common';
import { type ConversationDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { toConversationDto } from '../conversation-view';
import { recipientOf, startConversation, type ConversationListing } from '../domain/conversation';
import { ConversationRepository } from '../domain/conversation-repository.port';
import { isBlockedBetween } from '../domain/participants';
import { ListingDirectory } from '../listings/listing-directory';
import { UserDirectory } from '../users/user-directory';
import { type StartConversationDto } from './start-conversation.dto';

/**
 * Starts or reuses a one-to-one conversation (seed §5). Decision: a pair has one conversation
 * per listing (and one about no listing), as on Vinted and eBay, so each thread keeps the
 * context of the item it is about; asking about the same listing again reuses it. The
 * recipient must be an existing, active user (identity is asked), or the answer is 404.
 */
@Injectable()
export class StartConversationHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly listings: ListingDirectory,
    private readonly users: UserDirectory,
  ) {}

  async execute(
    input: StartConversationDto,
    userId: string,
  ): Promise<{ conversation: ConversationDto; created: boolean }> {
    let listing: ConversationListing | null = null;
    if (input.listingId) listing = await this.listings.find(input.listingId);
    const recipientId = recipientOf(userId, input.recipientId, listing);
    // No conversation with someone who does not exist or may not sign in (issue 22 item 8).
    await this.users.requireActive(recipientId);
    const fresh = startConversation(newId(), userId, recipientId, listing, new Date());
    const { conversation, created, unread } = await this.uow.transaction(async (tx) => {
      const found = await this.conversations.findOrCreate(tx, fresh);
      const unread = await this.conversations.unreadCounts(tx, [found.conversation.id]);
      return { ...found, unread };
    });
    const people = await this.users.profiles([recipientId]);
    return {
      created,
      conversation: toConversationDto(
        conversation,
        userId,
        unread.get(conversation.id) ?? {},
        {
          blocked: isBlockedBetween(conversation.blocks, userId, recipientId),
          blockedByMe: conversation.blocks.some((b) => b.blockerId === userId),
        },
        people,
      ),
    };
  }
}
