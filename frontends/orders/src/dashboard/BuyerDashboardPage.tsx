import { usePageMeta } from '@loadout/web';
import { SignInRequired } from '../shared/SignInRequired';
import { OrderList } from './OrderList';

/** `/buyer-dashboard` (My Purchases). */
export function BuyerDashboardPage() {
  usePageMeta('My Purchases', 'What you bought on Loadout, with escrow status and deadlines.');
  return (
    <div className="lo-container or-page">
      <h1 className="or-page__title">My Purchases</h1>
      <SignInRequired purpose="see your purchases">
        <OrderList side="buyer" />
      </SignInRequired>
    </div>
  );
}
