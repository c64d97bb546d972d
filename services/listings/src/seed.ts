import { runSeed } from '@loadout/service-kit';
import { listingsService } from './listings.service';
import { describeDemoSeed, seedDemoListings } from './seed/seed-demo-listings';

/**
 * Development seed: a fictional demo seller and a handful of active listings with generated
 * "Example photo" pictures (`seed/seed-demo-listings.ts`), inserted once (re-running changes
 * nothing). Identity's demo accounts get random ids, so the listings belong to their own fixed
 * demo seller rather than to demo.seller@example.com. Without a usable object store the
 * listings are seeded without photos and the log line says why.
 */
runSeed(
  listingsService,
  async (dataSource, config) => describeDemoSeed(await seedDemoListings(dataSource, config)),
  { skipInProduction: true },
);
