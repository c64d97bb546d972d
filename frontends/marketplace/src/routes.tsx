import './marketplace.css';
import { Navigate, Route, Routes } from '@loadout/web';
import { FavoritesPage } from './favorites/FavoritesPage';
import { ListingPage } from './listing/ListingPage';
import { HowResultsAreRankedPage } from './search/HowResultsAreRankedPage';
import { SearchPage } from './search/SearchPage';
import { SellerPage } from './seller/SellerPage';
import { EditListingPage, MyListingsPage, SellPage } from './sell';

/**
 * Exposed as `marketplace/routes`. The shell mounts it for the paths its route table gives
 * this remote, so the paths here are absolute.
 */
export function MarketplaceRoutes() {
  return (
    <Routes>
      <Route path="/marketplace" element={<SearchPage />} />
      <Route path="/search" element={<SearchPage />} />
      <Route path="/marketplace/how-results-are-ranked" element={<HowResultsAreRankedPage />} />
      <Route path="/listing/:id" element={<ListingPage />} />
      <Route path="/favorites" element={<FavoritesPage />} />
      <Route path="/seller/:userId" element={<SellerPage />} />
      <Route path="/sell" element={<SellPage />} />
      <Route path="/sell/listings" element={<MyListingsPage />} />
      <Route path="/sell/:id" element={<EditListingPage />} />
      <Route path="*" element={<Navigate to="/marketplace" replace />} />
    </Routes>
  );
}

export default MarketplaceRoutes;
