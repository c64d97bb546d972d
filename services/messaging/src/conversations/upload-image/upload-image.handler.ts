import { Inject, Injectable } from '@nestjs/common';
import { MESSAGE_LIMITS, type MessageImageDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { ImageQueue, processImage } from '@loadout/images';
import { type ObjectStorage } from '@loadout/storage';
import { UnitOfWork } from '@loadout/service-kit';
import { ConversationAccess } from '../conversation-access';
import { toMessageImageDto } from '../conversation-view';
import { assertMayWrite } from '../domain/conversation';
import { imageBodyMissing, tooManyPendingPhotos } from '../domain/message-images';
import { type MessageImage, MessageImageRepository } from '../domain/message-image-repository.port';
import { messageImageKeys } from '../persistence/message-image.repository';
import { MESSAGE_STORAGE } from '../persistence/message-storage';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A photo for a message: checked and re-encoded by the listing photos' pipeline
 * (@loadout/images: type by its bytes, pixel limit, EXIF and GPS stripped, WebP at 1200 and
 * 400 px), kept privately, and attached when the sender sends the message.
 */
@Injectable()
export class UploadImageHandler {
  constructor(
    private readonly access: ConversationAccess,
    private readonly uow: UnitOfWork,
    private readonly images: MessageImageRepository,
    @Inject(MESSAGE_STORAGE) private readonly storage: ObjectStorage,
    private readonly queue: ImageQueue,
  ) {}

  async execute(conversationId: string, userId: string, body: unknown): Promise<MessageImageDto> {
    // Who may upload is decided before anything about the body is said.
    assertMayWrite(await this.access.load(conversationId, userId), userId);
    if (!Buffer.isBuffer(body) || body.length === 0) throw imageBodyMissing();
    const since = new Date(Date.now() - DAY_MS);
    // Every stored photo counts, sent or not: each one cost a decode (issue 22 item 2).
    const uploaded = await this.uow.read((tx) => this.images.countUploadedSince(tx, userId, since));
    if (uploaded >= MESSAGE_LIMITS.imagesPerDay) throw tooManyPendingPhotos();

    // Judged from its header, then decoded in the process's bounded queue (429 IMAGES.BUSY).
    const processed = await processImage(body, {
      maxBytes: MESSAGE_LIMITS.imageMaxBytes,
      queue: this.queue,
    });
    const id = newId();
    const keys = messageImageKeys(conversationId, id);
    await this.storage.put(keys.large, processed.large.data, processed.contentType);
    await this.storage.put(keys.thumb, processed.thumb.data, processed.contentType);
    const image: MessageImage = {
      id,
      conversationId,
      uploaderId: userId,
      messageId: null,
      position: null,
      largeKey: keys.large,
      thumbKey: keys.thumb,
      width: processed.large.width,
      height: processed.large.height,
      createdAt: new Date(),
    };
    await this.uow.transaction((tx) => this.images.insert(tx, image));
    return toMessageImageDto(image);
  }
}
