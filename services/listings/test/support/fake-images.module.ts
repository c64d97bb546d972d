import { Module, type DynamicModule } from '@nestjs/common';
import { type ListingImageDto } from '@loadout/contracts';
import { LISTING_IMAGES, type ListingImages } from '../../src/images/listing-images.port';

/**
 * Stands in for the images module (built separately): any id is a processed upload of the
 * caller, attached in the given order and remembered in memory.
 */
export class FakeListingImages implements ListingImages {
  private readonly byListing = new Map<string, ListingImageDto[]>();

  async attach(_tx: unknown, _owner: string, listingId: string, imageIds: string[]) {
    const images = imageIds.map((id) => ({
      id,
      url: `/media/${id}.webp`,
      thumbUrl: `/media/${id}-400.webp`,
      width: 1200,
      height: 900,
    }));
    this.byListing.set(listingId, images);
    return images;
  }

  async forListing(listingId: string) {
    return this.byListing.get(listingId) ?? [];
  }

  /** Owners whose photos were erased (a deleted account), in order. */
  readonly erasedOwners: string[] = [];

  async eraseOwner(_tx: unknown, ownerId: string) {
    this.erasedOwners.push(ownerId);
    return 0;
  }
}

@Module({})
export class FakeImagesModule {
  static register(images = new FakeListingImages()): DynamicModule {
    return {
      module: FakeImagesModule,
      providers: [{ provide: LISTING_IMAGES, useValue: images }],
      exports: [LISTING_IMAGES],
    };
  }
}
