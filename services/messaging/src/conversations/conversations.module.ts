import {
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { pgUnitOfWorkProvider, unitOfWorkProvider } from '@loadout/service-kit';
import { MESSAGE_LIMITS } from '@loadout/contracts';
import { ReadinessRegistry, acceptRawBodies } from '@loadout/http';
import { ImageQueue, imageQueueOf, type ImagesConfig } from '@loadout/images';
import {
  ObjectErasures,
  createObjectStorage,
  type ObjectStorage,
  type StorageConfig,
} from '@loadout/storage';
import { MESSAGING_SCHEMA } from '../messaging.config';
import { BlockUserController } from './block-user/block-user.controller';
import { BlockUserHandler } from './block-user/block-user.handler';
import { ConversationAccess } from './conversation-access';
import { ConversationEvents } from './conversation-events';
import { DiscardUnsentImagesHandler } from './discard-unsent-images/discard-unsent-images.handler';
import { ListConversationsController } from './list-conversations/list-conversations.controller';
import { ListConversationsQuery } from './list-conversations/list-conversations.query';
import { EraseDeletedUserController } from './erase-deleted-user/erase-deleted-user.controller';
import { ExportUserDataController } from './export-user-data/export-user-data.controller';
import { MessagingUserDataRepository } from './persistence/user-data.repository';
import { HideMessageController } from './hide-message/hide-message.controller';
import { HideMessageHandler } from './hide-message/hide-message.handler';
import { HttpListingDirectory, ListingDirectory } from './listings/listing-directory';
import { MarkReadController } from './mark-read/mark-read.controller';
import { MarkReadHandler } from './mark-read/mark-read.handler';
import { BlockEntity } from './persistence/block.entity';
import { BlockRepository } from './persistence/block.repository';
import { ConversationParticipantEntity } from './persistence/conversation-participant.entity';
import { ConversationEntity } from './persistence/conversation.entity';
import { TypeOrmConversationRepository } from './persistence/conversation.repository';
import { ConversationRepository } from './domain/conversation-repository.port';
import { MessageImageEntity } from './persistence/message-image.entity';
import { TypeOrmMessageImageRepository } from './persistence/message-image.repository';
import { MessageImageRepository } from './domain/message-image-repository.port';
import { MESSAGE_FILE_ERASURES, MESSAGE_STORAGE } from './persistence/message-storage';
import { MessageEntity } from './persistence/message.entity';
import { MessageRepository } from './persistence/message.repository';
import { ReadMessagesController } from './read-messages/read-messages.controller';
import { ReadMessagesQuery } from './read-messages/read-messages.query';
import { SendMessageController } from './send-message/send-message.controller';
import { ServeImageController } from './serve-image/serve-image.controller';
import { ServeImageHandler } from './serve-image/serve-image.handler';
import { SendMessageHandler } from './send-message/send-message.handler';
import { SendMessageSocket } from './send-message/send-message.socket';
import { StartConversationController } from './start-conversation/start-conversation.controller';
import { StartConversationHandler } from './start-conversation/start-conversation.handler';
import { UnreadCountController } from './unread-count/unread-count.controller';
import { UploadImageController } from './upload-image/upload-image.controller';
import { UploadImageHandler } from './upload-image/upload-image.handler';
import { HttpUserDirectory, UserDirectory } from './users/user-directory';

export const MESSAGING_ENTITIES = [
  ConversationEntity,
  ConversationParticipantEntity,
  MessageEntity,
  MessageImageEntity,
  BlockEntity,
];

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Photo files whose rows went are erased within about a minute, and retried while the store is down. */
const ERASE_FILES_EVERY_MS = 60 * 1000;

/** Conversations, messages and their photos; `register` is given the storage and photo queue settings. */
@Module({})
export class ConversationsModule implements OnModuleInit, OnModuleDestroy {
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly readiness: ReadinessRegistry,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(MESSAGE_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MESSAGE_FILE_ERASURES) private readonly fileErasures: ObjectErasures,
    private readonly discardUnsent: DiscardUnsentImagesHandler,
  ) {}

  static register(config: StorageConfig & ImagesConfig): DynamicModule {
    return {
      module: ConversationsModule,
      imports: [TypeOrmModule.forFeature(MESSAGING_ENTITIES)],
      // unread-count before :id routes so the literal path wins.
      controllers: [
        UnreadCountController,
        ExportUserDataController,
        EraseDeletedUserController,
        ListConversationsController,
        StartConversationController,
        ReadMessagesController,
        SendMessageController,
        UploadImageController,
        ServeImageController,
        MarkReadController,
        BlockUserController,
        HideMessageController,
      ],
      providers: [
        { provide: MESSAGE_STORAGE, useFactory: () => createObjectStorage(config) },
        {
          provide: MESSAGE_FILE_ERASURES,
          inject: [MESSAGE_STORAGE, getDataSourceToken()],
          useFactory: (storage: ObjectStorage, db: DataSource) =>
            new ObjectErasures({
              storage,
              db,
              schema: MESSAGING_SCHEMA,
              log: new Logger('MessageFileErasures'),
            }),
        },
        { provide: ImageQueue, useFactory: () => imageQueueOf(config) },
        unitOfWorkProvider,
        pgUnitOfWorkProvider,
        { provide: ConversationRepository, useClass: TypeOrmConversationRepository },
        MessageRepository,
        { provide: MessageImageRepository, useClass: TypeOrmMessageImageRepository },
        BlockRepository,
        MessagingUserDataRepository,
        ConversationAccess,
        ConversationEvents,
        { provide: ListingDirectory, useClass: HttpListingDirectory },
        { provide: UserDirectory, useClass: HttpUserDirectory },
        StartConversationHandler,
        ListConversationsQuery,
        ReadMessagesQuery,
        SendMessageHandler,
        SendMessageSocket,
        UploadImageHandler,
        ServeImageHandler,
        DiscardUnsentImagesHandler,
        MarkReadHandler,
        HideMessageHandler,
        BlockUserHandler,
      ],
    };
  }

  onModuleInit(): void {
    this.readiness.register({ name: 'object-storage', check: () => this.storage.ping() });
    // Hourly; a failed round (database or storage away) is retried by the next one.
    this.sweep = setInterval(
      () => void this.discardUnsent.execute().catch(() => undefined),
      SWEEP_EVERY_MS,
    ).unref();
    this.fileErasures.start(ERASE_FILES_EVERY_MS);
    // A photo is the raw body of POST …/images: larger ones are refused (413) before any
    // byte reaches the pipeline.
    acceptRawBodies(this.adapterHost, MESSAGE_LIMITS.imageTypes, MESSAGE_LIMITS.imageMaxBytes);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    await this.fileErasures.stop();
  }
}
