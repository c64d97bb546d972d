import { Module, type DynamicModule } from '@nestjs/common';
import { type StorageConfig } from '@loadout/storage';
import { type ListingImages, LISTING_IMAGES } from './listing-images.port';

// Stub until the images module lands: attaches nothing and knows no images.
const noImages: ListingImages = {
  attach: async (_tx, _owner, _listing, ids) => {
    if (ids.length > 0) throw new Error('Images are not available yet');
    return [];
  },
  forListing: async () => [],
};

@Module({})
export class ImagesModule {
  static register(_config: StorageConfig): DynamicModule {
    return {
      module: ImagesModule,
      providers: [{ provide: LISTING_IMAGES, useValue: noImages }],
      exports: [LISTING_IMAGES],
    };
  }
}
