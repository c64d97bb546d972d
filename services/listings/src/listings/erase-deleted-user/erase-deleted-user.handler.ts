import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { LISTING_IMAGES, type ListingImages } from '../../images/listing-images.port';
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
  constructor(
    private readonly data: UserDataRepository,
    private readonly events: ListingEvents,
    @Inject(LISTING_IMAGES) private readonly images: ListingImages,
  ) {}

  async erase(tx: EntityManager, event: EventOf<'identity.user.deleted.v1'>): Promise<void> {
    const userId = event.payload.userId;
    const withdrawn = await this.data.withdrawOffered(tx, userId);
    for (const { listing, wasPublic } of withdrawn)
      if (wasPublic) await this.events.removed(tx, listing, { actorId: userId });
    await this.data.clearThumbnails(tx, userId);
    await this.data.eraseFavourites(tx, userId);
    await this.data.anonymiseSeller(tx, userId, DELETED_USER_NAME);
    await this.images.eraseOwner(tx, userId);
  }
}
