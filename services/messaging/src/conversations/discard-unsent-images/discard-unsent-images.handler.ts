import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ObjectStorage } from '@loadout/storage';
import { MessageImageRepository } from '../persistence/message-image.repository';
import { MESSAGE_STORAGE } from '../persistence/message-storage';

/** A photo uploaded but not sent within a day is dropped (chosen, then removed or abandoned). */
export const UNSENT_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Drops unsent photos older than a day: the rows first (each claimed by one replica), then
 * their files. A process that dies in between leaves files no row points to, never a row
 * without its file.
 */
@Injectable()
export class DiscardUnsentImagesHandler {
  private readonly logger = new Logger(DiscardUnsentImagesHandler.name);

  constructor(
    private readonly images: MessageImageRepository,
    @Inject(MESSAGE_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Returns how many photos were dropped. */
  async execute(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - UNSENT_IMAGE_TTL_MS);
    let dropped = 0;
    for (;;) {
      const gone = await this.images.deleteUnsentBefore(before, BATCH);
      for (const { largeKey, thumbKey } of gone) {
        await this.storage.delete(largeKey);
        await this.storage.delete(thumbKey);
      }
      dropped += gone.length;
      if (gone.length < BATCH) break;
    }
    if (dropped > 0) this.logger.log(`dropped ${dropped} unsent photo(s) older than a day`);
    return dropped;
  }
}
