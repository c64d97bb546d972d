import { Route, Routes } from 'react-router-dom';
import { EditListingPage, MyListingsPage, SellPage } from './sell';

/**
 * Exposed as `marketplace/routes`. The shell mounts it for the paths its route table gives
 * this remote, so the paths here are absolute.
 */
export function MarketplaceRoutes() {
  return (
    <Routes>
      <Route path="/sell" element={<SellPage />} />
      <Route path="/sell/listings" element={<MyListingsPage />} />
      <Route path="/sell/:id" element={<EditListingPage />} />
    </Routes>
  );
}

export default MarketplaceRoutes;
