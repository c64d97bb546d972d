import '../sell.css';
import { usePageMeta, Link } from '@loadout/web';
import { ListingForm } from '../form/ListingForm';
import { SignedInOnly } from './SignedInOnly';

/** `/sell`: a new listing, saved as a draft or published. */
export function SellPage() {
  usePageMeta('Sell an item', 'List your airsoft gear on Loadout, with escrow-protected payment.');
  return (
    <div className="lo-container sell-page">
      <SignedInOnly purpose="sell an item">
        <header className="sell-page__header">
          <h1 className="sell-page__title">Sell an item</h1>
          <Link to="/sell/listings" className="sell-page__aside">
            My listings
          </Link>
        </header>
        <ListingForm />
      </SignedInOnly>
    </div>
  );
}
