export { SellPage } from './pages/SellPage';
export { EditListingPage } from './pages/EditListingPage';
export { MyListingsPage } from './pages/MyListingsPage';
