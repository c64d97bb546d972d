import { Module, type OnModuleInit } from '@nestjs/common';
import { createKeyValueStore } from '@loadout/cache';
import { ReadinessRegistry } from '@loadout/http';
import { LISTINGS_CONFIG, type ListingsConfig } from '../listings.config';
import { BrowseListingsController } from './browse-listings/browse-listings.controller';
import { BrowseListingsQuery } from './browse-listings/browse-listings.query';
import { ListingCacheEventsController } from './cache/listing-cache-events.controller';
import { LISTINGS_STORE, ListingsCache } from './cache/listings-cache';
import { FavoritesController } from './favorites/favorites.controller';
import { FavoritesHandler } from './favorites/favorites.handler';
import { ListingEvents } from './listing-events';
import { ManageListingsController } from './manage-listings/manage-listings.controller';
import { ManageListingsHandler } from './manage-listings/manage-listings.handler';
import { ListingQueries } from './persistence/listing-queries';
import { ListingRepository } from './persistence/listing.repository';
import { OrderEventsController } from './reservations/order-events.controller';
import { InternalListingsController } from './reservations/internal-listings.controller';
import { InternalTokenGuard } from './reservations/internal-token.guard';
import { ListingReservations } from './reservations/listing-reservations';
import { SellerEventsController } from './sellers/seller-events.controller';
import { SellerEventsHandler } from './sellers/seller-events.handler';
import { SuggestSearchesController } from './suggest-searches/suggest-searches.controller';
import { SuggestSearchesQuery } from './suggest-searches/suggest-searches.query';
import { ViewListingController } from './view-listing/view-listing.controller';
import { ViewListingQuery } from './view-listing/view-listing.query';

/** Cache keys are per database, so test databases (and stacks) sharing a Redis never mix. */
const storePrefix = (databaseUrl: string) =>
  `listings:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:`;

@Module({
  controllers: [
    BrowseListingsController,
    SuggestSearchesController,
    ManageListingsController,
    ViewListingController,
    FavoritesController,
    InternalListingsController,
    OrderEventsController,
    SellerEventsController,
    ListingCacheEventsController,
  ],
  providers: [
    {
      provide: LISTINGS_STORE,
      inject: [LISTINGS_CONFIG],
      useFactory: (config: ListingsConfig) =>
        createKeyValueStore(config.REDIS_URL, storePrefix(config.DATABASE_URL)),
    },
    ListingsCache,
    ListingQueries,
    ListingRepository,
    ListingEvents,
    BrowseListingsQuery,
    SuggestSearchesQuery,
    ViewListingQuery,
    ManageListingsHandler,
    FavoritesHandler,
    ListingReservations,
    InternalTokenGuard,
    SellerEventsHandler,
  ],
  exports: [ListingReservations],
})
export class ListingsModule implements OnModuleInit {
  constructor(
    private readonly readiness: ReadinessRegistry,
    private readonly cache: ListingsCache,
  ) {}

  onModuleInit(): void {
    this.readiness.register({ name: 'cache', check: () => this.cache.ping() });
  }
}
