import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlockUserController } from './block-user/block-user.controller';
import { BlockUserHandler } from './block-user/block-user.handler';
import { ConversationAccess } from './conversation-access';
import { ConversationEvents } from './conversation-events';
import { ListConversationsController } from './list-conversations/list-conversations.controller';
import { ListConversationsQuery } from './list-conversations/list-conversations.query';
import { HttpListingDirectory, ListingDirectory } from './listings/listing-directory';
import { MarkReadController } from './mark-read/mark-read.controller';
import { MarkReadHandler } from './mark-read/mark-read.handler';
import { BlockEntity } from './persistence/block.entity';
import { BlockRepository } from './persistence/block.repository';
import { ConversationParticipantEntity } from './persistence/conversation-participant.entity';
import { ConversationEntity } from './persistence/conversation.entity';
import { ConversationRepository } from './persistence/conversation.repository';
import { MessageEntity } from './persistence/message.entity';
import { MessageRepository } from './persistence/message.repository';
import { ReadMessagesController } from './read-messages/read-messages.controller';
import { ReadMessagesQuery } from './read-messages/read-messages.query';
import { SendMessageController } from './send-message/send-message.controller';
import { SendMessageHandler } from './send-message/send-message.handler';
import { StartConversationController } from './start-conversation/start-conversation.controller';
import { StartConversationHandler } from './start-conversation/start-conversation.handler';
import { UnreadCountController } from './unread-count/unread-count.controller';

export const MESSAGING_ENTITIES = [
  ConversationEntity,
  ConversationParticipantEntity,
  MessageEntity,
  BlockEntity,
];

@Module({
  imports: [TypeOrmModule.forFeature(MESSAGING_ENTITIES)],
  // unread-count before :id routes so the literal path wins.
  controllers: [
    UnreadCountController,
    ListConversationsController,
    StartConversationController,
    ReadMessagesController,
    SendMessageController,
    MarkReadController,
    BlockUserController,
  ],
  providers: [
    ConversationRepository,
    MessageRepository,
    BlockRepository,
    ConversationAccess,
    ConversationEvents,
    { provide: ListingDirectory, useClass: HttpListingDirectory },
    StartConversationHandler,
    ListConversationsQuery,
    ReadMessagesQuery,
    SendMessageHandler,
    MarkReadHandler,
    BlockUserHandler,
  ],
})
export class ConversationsModule {}
