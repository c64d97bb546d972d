import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { DisputePhotoStore } from '../persistence/dispute-photo-store';
import { DisputePhotoRepository } from '../persistence/dispute-photo.repository';

/** A photo uploaded but never attached to a dispute within a day is dropped (ADR 0037). */
export const UNATTACHED_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Drops evidence photos never attached within a day (chosen, then removed or abandoned): the
 * rows first, then their files. A process that dies in between leaves files no row points to,
 * never a row without its file. Runs hourly (DisputesModule) on every replica.
 */
@Injectable()
export class DiscardUnattachedPhotosHandler {
  private readonly logger = new Logger(DiscardUnattachedPhotosHandler.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly photos: DisputePhotoRepository,
    private readonly store: DisputePhotoStore,
  ) {}

  /** Returns how many photos were dropped. */
  async execute(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - UNATTACHED_PHOTO_TTL_MS);
    let dropped = 0;
    for (;;) {
      const gone = await this.uow.transaction((tx) =>
        this.photos.deleteUnattachedBefore(tx, before, BATCH),
      );
      for (const { largeKey, thumbKey } of gone) {
        await this.store.delete(largeKey);
        await this.store.delete(thumbKey);
      }
      dropped += gone.length;
      if (gone.length < BATCH) break;
    }
    if (dropped > 0) this.logger.log(`dropped ${dropped} unattached dispute photo(s)`);
    return dropped;
  }
}
