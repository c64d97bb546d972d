import { runSeed } from '@loadout/service-kit';
import { ordersService } from './orders.service';
import { describeDemoReviews, seedDemoReviews } from './seed/demo-reviews';

// Orders come from checkouts; the development seed adds the demo seller's past sales with
// both sides' reviews, so the seller page shows a rating on a fresh `npm start` (ADR 0037).
runSeed(
  ordersService,
  async (dataSource, config) =>
    describeDemoReviews(
      await seedDemoReviews(dataSource, new Date(), config.ESCROW_FEE_BASIS_POINTS),
    ),
  { skipInProduction: true },
);
