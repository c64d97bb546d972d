// The listings client lives in @loadout/web (the orders remote's checkout reads listings too).
export {
  LISTINGS_PAGE_SIZE as PAGE_SIZE,
  favoriteKeys,
  fetchFavoriteIds,
  fetchFavorites,
  fetchFeatured,
  fetchListing,
  fetchListingStats,
  fetchListings,
  listingKeys,
  setFavorite,
  type ListingFilters,
} from '@loadout/web';
