import { defineService } from '@loadout/service-kit';
import { CACHE_EVENTS, SELLER_EVENTS } from './event-servers';
import { ImagesModule } from './images/images.module';
import { ImageEntity } from './images/persistence/image.entity';
import {
  LISTINGS_CACHE_GROUP,
  LISTINGS_CONFIG,
  LISTINGS_GROUP,
  LISTINGS_SCHEMA,
  loadListingsConfig,
} from './listings.config';
import { ListingsModule } from './listings/listings.module';
import { FavoriteEntity } from './listings/persistence/favorite.entity';
import { ListingEntity } from './listings/persistence/listing.entity';
import { TRGM_OPTIONS } from './listings/persistence/search-settings';
import { SellerEntity } from './listings/persistence/seller.entity';
import { SweepReservationsModule } from './listings/sweep-reservations/sweep-reservations.module';
import { listingsMigrations } from './migrations';

/**
 * The listings service: listings, search, favourites and photos. Two consumer groups: `listings`
 * (identity's events → sellers read model) and `listings-cache` (its own listing events → cached
 * reads retired on every replica); each runs only the handlers tagged with its transport id.
 */
export const listingsService = defineService({
  name: 'listings',
  schema: LISTINGS_SCHEMA,
  loadConfig: loadListingsConfig,
  configToken: LISTINGS_CONFIG,
  entities: [ListingEntity, FavoriteEntity, SellerEntity, ImageEntity],
  migrations: listingsMigrations,
  connectionOptions: TRGM_OPTIONS,
  // ImagesModule provides LISTING_IMAGES to the listings module (tests swap in a stand-in).
  modules: (config) => [
    { ...ImagesModule.register(config), global: true },
    ListingsModule,
    SweepReservationsModule,
  ],
  consumers: [
    { group: LISTINGS_GROUP, transportId: SELLER_EVENTS },
    // Its handler only retires Redis keys (ADR 0061).
    { group: LISTINGS_CACHE_GROUP, transportId: CACHE_EVENTS, inbox: false },
  ],
});
