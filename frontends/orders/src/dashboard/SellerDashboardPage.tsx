import { usePageMeta } from '@loadout/web';
import { SignInRequired } from '../shared/SignInRequired';
import { OrderList } from './OrderList';
import { PayoutPanel } from './PayoutPanel';

/** `/seller-dashboard` (My Sales). */
export function SellerDashboardPage() {
  usePageMeta('My Sales', 'What you sold on Loadout: ship, get paid, payouts.');
  return (
    <div className="lo-container or-page">
      <h1 className="or-page__title">My Sales</h1>
      <SignInRequired purpose="see your sales">
        <div className="or-dashboard">
          <div className="or-dashboard__main">
            <OrderList side="seller" />
          </div>
          <aside className="or-dashboard__aside" aria-label="Money and payouts">
            <PayoutPanel />
          </aside>
        </div>
      </SignInRequired>
    </div>
  );
}
