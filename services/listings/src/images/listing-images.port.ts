import { type ListingImageDto } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';

/**
 * What the listing handlers need from the images module (src/images). Images are uploaded
 * and processed before a listing refers to them; a listing lists their ids in display order.
 * It takes the listing's unit of work (the kit's opaque `Tx`), so the listing's handlers never
 * see the ORM.
 */
export interface ListingImages {
  /**
   * Inside the listing's transaction: attaches `imageIds` (in this order) to `listingId`,
   * detaching any image no longer listed. Each id must be a processed image uploaded by
   * `ownerId` and not attached to another listing, else a validation AppError
   * (`LISTINGS.IMAGE_NOT_FOUND`) naming the field `imageIds`. Returns the attached images.
   */
  attach(
    tx: Tx,
    ownerId: string,
    listingId: string,
    imageIds: string[],
  ): Promise<ListingImageDto[]>;
  /** The images of one listing in display order. */
  forListing(listingId: string, tx?: Tx): Promise<ListingImageDto[]>;
  /**
   * A deleted account (ADR 0039), inside the consumer's transaction: every photo `ownerId`
   * uploaded is deleted (rows now, stored files after); returns how many.
   */
  eraseOwner(tx: Tx, ownerId: string): Promise<number>;
}

export const LISTING_IMAGES = Symbol('LISTING_IMAGES');
