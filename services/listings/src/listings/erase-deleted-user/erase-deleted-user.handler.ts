import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { type ObjectStorage } from '@loadout/storage';
import { imageKeys } from '../../images/persistence/image.mapper';
import { OBJECT_STORAGE } from '../../images/persistence/object-storage.provider';
import { ListingEvents } from '../listing-events';
import { UserDataRepository } from '../persistence/user-data.repository';

/** The name shown where a deleted user used to be (ADR 0039). */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * Identity's account deletions (ADR 0039), inside the consumer's transaction: the user's
 * offered listings withdrawn (each public one with its `listings.listing.removed.v1`, which
 * also retires cached reads), every photo they uploaded deleted (rows, then the stored files),
 * their favourites removed, their seller card anonymised. Reserved and sold listings stay (they
 * are part of orders). A replay finds nothing left to change.
 */
@Injectable()
export class EraseDeletedUserHandler {
  private readonly log = new Logger(EraseDeletedUserHandler.name);

  constructor(
    private readonly data: UserDataRepository,
    private readonly events: ListingEvents,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async erase(tx: EntityManager, event: EventOf<'identity.user.deleted.v1'>): Promise<void> {
    const userId = event.payload.userId;
    const withdrawn = await this.data.withdrawOffered(tx, userId);
    for (const { listing, wasPublic } of withdrawn)
      if (wasPublic) await this.events.removed(tx, listing, { actorId: userId });
    const photos = await this.data.erasePhotos(tx, userId);
    await this.data.eraseFavourites(tx, userId);
    await this.data.anonymiseSeller(tx, userId, DELETED_USER_NAME);
    // Files last: a failure here leaves unreferenced files, never a row pointing at nothing.
    for (const { id } of photos) {
      const keys = imageKeys(userId, id);
      for (const key of [keys.original, keys.large, keys.thumb]) {
        await this.storage.delete(key).catch((err: unknown) => {
          this.log.warn(`photo ${key} of a deleted user not deleted: ${String(err)}`);
        });
      }
    }
  }
}
