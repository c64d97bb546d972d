import './orders.css';
import { Navigate, Route, Routes } from '@loadout/web';
import { CheckoutPage } from './checkout/CheckoutPage';
import { BuyerDashboardPage } from './dashboard/BuyerDashboardPage';
import { SellerDashboardPage } from './dashboard/SellerDashboardPage';
import { DisputesPage } from './disputes/DisputesPage';
import { OffersPage } from './offers/OffersPage';
import { PurchaseSuccessPage } from './success/PurchaseSuccessPage';

/**
 * Exposed as `orders/routes`. The shell mounts it for the paths its route table gives this
 * remote, so the paths here are absolute.
 */
export function OrdersRoutes() {
  return (
    <Routes>
      <Route path="/checkout/:id" element={<CheckoutPage />} />
      <Route path="/purchase-success" element={<PurchaseSuccessPage />} />
      <Route path="/buyer-dashboard" element={<BuyerDashboardPage />} />
      <Route path="/seller-dashboard" element={<SellerDashboardPage />} />
      <Route path="/offers" element={<OffersPage />} />
      <Route path="/disputes" element={<DisputesPage />} />
      <Route path="*" element={<Navigate to="/buyer-dashboard" replace />} />
    </Routes>
  );
}

export default OrdersRoutes;
