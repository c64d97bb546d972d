export function SellPage() {
  return <p>Sell an item</p>;
}
export function EditListingPage() {
  return <p>Edit listing</p>;
}
export function MyListingsPage() {
  return <p>My listings</p>;
}
