// Placeholder until the sell flow lands (owned by the sell work: src/sell/).
export { SellPage, EditListingPage, MyListingsPage } from './placeholder';
