import { Inject, Injectable } from '@nestjs/common';
import { isId } from '@loadout/db';
import { type ObjectStorage } from '@loadout/storage';
import { UnitOfWork } from '@loadout/service-kit';
import { ConversationAccess } from '../conversation-access';
import { imageNotFound } from '../domain/message-images';
import { MessageImageRepository } from '../domain/message-image-repository.port';
import { MESSAGE_STORAGE } from '../persistence/message-storage';
import { type PhotoSize } from '@loadout/contracts';

/**
 * A conversation's photo, to its participants only: a sent photo to both, an unsent one to
 * its uploader alone. Another conversation's photo id is "not found", like a missing one.
 */
@Injectable()
export class ServeImageHandler {
  constructor(
    private readonly access: ConversationAccess,
    private readonly uow: UnitOfWork,
    private readonly images: MessageImageRepository,
    @Inject(MESSAGE_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async execute(
    conversationId: string,
    imageId: string,
    userId: string,
    size: PhotoSize,
  ): Promise<Buffer> {
    await this.access.load(conversationId, userId);
    const image = isId(imageId)
      ? await this.uow.read((tx) => this.images.findById(tx, imageId))
      : null;
    if (
      !image ||
      image.conversationId !== conversationId ||
      (image.messageId === null && image.uploaderId !== userId)
    )
      throw imageNotFound();
    return this.storage.get(size === 'thumb' ? image.thumbKey : image.largeKey);
  }
}
