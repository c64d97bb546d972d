import { runSeed } from '@loadout/service-kit';
import { ordersService } from './orders.service';

// Orders come from checkouts only; the seed step exists so every service runs the same steps.
runSeed(ordersService, () => Promise.resolve('orders: nothing to seed'), {
  skipInProduction: true,
});
