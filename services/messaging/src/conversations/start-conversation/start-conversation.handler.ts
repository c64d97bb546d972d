import { Injectable } from '@nestjs/common';
import { type ConversationDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { validationError } from '@loadout/errors';
import { isBlockedBetween, oneToOneParticipants } from '../domain/participants';
import { ListingDirectory, type ListingContext } from '../listings/listing-directory';
import { BlockRepository } from '../persistence/block.repository';
import { toConversationDto } from '../persistence/conversation.mapper';
import { ConversationRepository } from '../persistence/conversation.repository';
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
    private readonly conversations: ConversationRepository,
    private readonly blocks: BlockRepository,
    private readonly listings: ListingDirectory,
    private readonly users: UserDirectory,
  ) {}

  async execute(
    input: StartConversationDto,
    userId: string,
  ): Promise<{ conversation: ConversationDto; created: boolean }> {
    let listing: ListingContext | null = null;
    if (input.listingId) listing = await this.listings.find(input.listingId);
    const recipientId = input.recipientId ?? listing?.sellerId;
    if (!recipientId)
      throw validationError('MESSAGING.RECIPIENT_REQUIRED', 'Choose who to message.', [
        { field: 'recipientId', messages: ['Choose who to message.'] },
      ]);
    if (listing && recipientId !== listing.sellerId && userId !== listing.sellerId)
      throw validationError(
        'MESSAGING.NOT_THE_SELLER',
        'A conversation about a listing must include its seller.',
      );
    const participants = oneToOneParticipants(userId, recipientId);
    // No conversation with someone who does not exist or may not sign in (issue 22 item 8).
    await this.users.requireActive(recipientId);
    const { conversation, created } = await this.conversations.findOrCreate({
      id: newId(),
      participants,
      startedBy: userId,
      listing,
    });
    const blocks = await this.blocks.between(userId, recipientId);
    const unread = await this.conversations.unreadCounts([conversation.id]);
    const people = await this.users.profiles([recipientId]);
    return {
      created,
      conversation: toConversationDto(
        conversation,
        userId,
        unread.get(conversation.id) ?? {},
        {
          blocked: isBlockedBetween(blocks, userId, recipientId),
          blockedByMe: blocks.some((b) => b.blockerId === userId),
        },
        people,
      ),
    };
  }
}
