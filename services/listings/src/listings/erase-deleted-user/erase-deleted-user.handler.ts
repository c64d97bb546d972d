import { Inject, Injectable } from '@nestjs/common';
import { type EventOf } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit';
import { LISTING_IMAGES, type ListingImages } from '../../images/listing-images.port';
import { ListingRepository } from '../domain/listing-repository.port';
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
  constructor(
    private readonly listings: ListingRepository,
    private readonly data: UserDataRepository,
    @Inject(LISTING_IMAGES) private readonly images: ListingImages,
  ) {}

  async erase(tx: Tx, event: EventOf<'identity.user.deleted.v1'>): Promise<void> {
    const userId = event.payload.userId;
    const now = new Date();
    const offered = await this.listings.lockOfSeller(tx, userId, ['draft', 'active', 'hidden']);
    for (const listing of offered) {
      const change = listing.ownerDeleted(now);
      if (change) await this.listings.save(tx, change, { actorId: userId });
    }
    await this.data.clearThumbnails(tx, userId);
    await this.data.eraseFavourites(tx, userId);
    await this.data.anonymiseSeller(tx, userId, DELETED_USER_NAME);
    await this.images.eraseOwner(tx, userId);
  }
}
