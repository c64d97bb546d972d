import { Module, type OnModuleInit } from '@nestjs/common';
import { createKeyValueStore } from '@loadout/cache';
import { ReadinessRegistry } from '@loadout/http';
import { pgUnitOfWorkProvider, unitOfWorkProvider } from '@loadout/service-kit';
import { LISTINGS_CONFIG, type ListingsConfig } from '../listings.config';
import { ListSellerListingsController } from './list-seller-listings/list-seller-listings.controller';
import { BrowseListingsController } from './browse-listings/browse-listings.controller';
import { BrowseListingsQuery } from './browse-listings/browse-listings.query';
import { ListingCacheEventsController } from './cache/listing-cache-events.controller';
import { LISTINGS_STORE, ListingsCache } from './cache/listings-cache';
import { CreateListingController } from './create-listing/create-listing.controller';
import { CreateListingHandler } from './create-listing/create-listing.handler';
import { FavoriteListingController } from './favorite-listing/favorite-listing.controller';
import { FavoriteListingHandler } from './favorite-listing/favorite-listing.handler';
import { FeatureListingController } from './feature-listing/feature-listing.controller';
import { FeatureListingHandler } from './feature-listing/feature-listing.handler';
import { ListingChanges } from './listing-changes';
import { ListingEvents } from './listing-events';
import { ListFavoritesController } from './list-favorites/list-favorites.controller';
import { ListFavoritesQuery } from './list-favorites/list-favorites.query';
import { FavoriteRepository } from './persistence/favorite.repository';
import { ListingQueries } from './persistence/listing-queries';
import { ListingRepository } from './domain/listing-repository.port';
import { SqlListingRepository } from './persistence/listing.repository';
import { SellerRatingRepository } from './persistence/seller-rating.repository';
import { SuspendedSellerRepository } from './persistence/suspended-seller.repository';
import { SellerRepository } from './persistence/seller.repository';
import { PublishListingController } from './publish-listing/publish-listing.controller';
import { PublishListingHandler } from './publish-listing/publish-listing.handler';
import { OrderEventsController } from './reservations/order-events.controller';
import { InternalListingsController } from './reservations/internal-listings.controller';
import { InternalTokenGuard } from './reservations/internal-token.guard';
import { ListingReservations } from './reservations/listing-reservations';
import { SuggestSearchesController } from './suggest-searches/suggest-searches.controller';
import { SuggestSearchesQuery } from './suggest-searches/suggest-searches.query';
import { UnfavoriteListingController } from './unfavorite-listing/unfavorite-listing.controller';
import { UnfavoriteListingHandler } from './unfavorite-listing/unfavorite-listing.handler';
import { UpdateListingController } from './update-listing/update-listing.controller';
import { UpdateListingHandler } from './update-listing/update-listing.handler';
import { EraseDeletedUserController } from './erase-deleted-user/erase-deleted-user.controller';
import { EraseDeletedUserHandler } from './erase-deleted-user/erase-deleted-user.handler';
import { ExportUserDataController } from './export-user-data/export-user-data.controller';
import { UserDataRepository } from './persistence/user-data.repository';
import { HideSuspendedSellerListingsController } from './hide-suspended-seller-listings/hide-suspended-seller-listings.controller';
import { HideSuspendedSellerListingsHandler } from './hide-suspended-seller-listings/hide-suspended-seller-listings.handler';
import { UpdateSellerCardsController } from './update-seller-cards/update-seller-cards.controller';
import { UpdateSellerCardsHandler } from './update-seller-cards/update-seller-cards.handler';
import { UpdateSellerRatingsController } from './update-seller-ratings/update-seller-ratings.controller';
import { UpdateSellerRatingsHandler } from './update-seller-ratings/update-seller-ratings.handler';
import { ViewListingController } from './view-listing/view-listing.controller';
import { ViewListingQuery } from './view-listing/view-listing.query';
import { WithdrawListingController } from './withdraw-listing/withdraw-listing.controller';
import { WithdrawListingHandler } from './withdraw-listing/withdraw-listing.handler';

/** Cache keys are per database, so test databases (and stacks) sharing a Redis never mix. */
const storePrefix = (databaseUrl: string) =>
  `listings:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:`;

@Module({
  controllers: [
    BrowseListingsController,
    ListSellerListingsController,
    SuggestSearchesController,
    CreateListingController,
    UpdateListingController,
    PublishListingController,
    WithdrawListingController,
    FeatureListingController,
    ViewListingController,
    ListFavoritesController,
    FavoriteListingController,
    UnfavoriteListingController,
    InternalListingsController,
    OrderEventsController,
    UpdateSellerCardsController,
    HideSuspendedSellerListingsController,
    EraseDeletedUserController,
    ExportUserDataController,
    UpdateSellerRatingsController,
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
    unitOfWorkProvider,
    pgUnitOfWorkProvider,
    { provide: ListingRepository, useClass: SqlListingRepository },
    SellerRepository,
    SellerRatingRepository,
    SuspendedSellerRepository,
    FavoriteRepository,
    ListingChanges,
    ListingEvents,
    BrowseListingsQuery,
    SuggestSearchesQuery,
    ViewListingQuery,
    CreateListingHandler,
    UpdateListingHandler,
    PublishListingHandler,
    WithdrawListingHandler,
    FeatureListingHandler,
    ListFavoritesQuery,
    FavoriteListingHandler,
    UnfavoriteListingHandler,
    ListingReservations,
    InternalTokenGuard,
    UpdateSellerCardsHandler,
    HideSuspendedSellerListingsHandler,
    UserDataRepository,
    EraseDeletedUserHandler,
    UpdateSellerRatingsHandler,
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
