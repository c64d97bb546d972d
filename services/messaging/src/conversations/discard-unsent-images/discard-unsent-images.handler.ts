import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { type ObjectErasures } from '@loadout/storage';
import { MessageImageRepository } from '../domain/message-image-repository.port';
import { MESSAGE_FILE_ERASURES } from '../persistence/message-storage';

/** A photo uploaded but not sent within a day is dropped (chosen, then removed or abandoned). */
export const UNSENT_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Drops unsent photos older than a day: the rows (each claimed by one replica) with their files
 * queued in the same transaction, then an erasure round deletes the files. A process that dies
 * in between, or a store that is down, leaves queued keys the next round erases — never a row
 * without its file, nor a file nothing will delete.
 */
@Injectable()
export class DiscardUnsentImagesHandler {
  private readonly logger = new Logger(DiscardUnsentImagesHandler.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly images: MessageImageRepository,
    @Inject(MESSAGE_FILE_ERASURES) private readonly fileErasures: ObjectErasures,
  ) {}

  /** Returns how many photos were dropped. */
  async execute(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - UNSENT_IMAGE_TTL_MS);
    let dropped = 0;
    for (;;) {
      const gone = await this.uow.transaction((tx) =>
        this.images.deleteUnsentBefore(tx, before, BATCH),
      );
      dropped += gone;
      if (gone < BATCH) break;
    }
    if (dropped > 0) {
      await this.fileErasures.eraseDue();
      this.logger.log(`dropped ${dropped} unsent photo(s) older than a day`);
    }
    return dropped;
  }
}
