import 'reflect-metadata';
import { migrate } from '@loadout/db';
import { createListingsDataSource } from './data-source';
import { loadListingsConfig } from './listings.config';
import { describeDemoSeed, seedDemoListings } from './seed/seed-demo-listings';

/**
 * Development seed: a fictional demo seller and a handful of active listings with generated
 * "Example photo" pictures (`seed/seed-demo-listings.ts`), inserted once (re-running changes
 * nothing). Identity's demo accounts get random ids, so the listings belong to their own fixed
 * demo seller rather than to demo.seller@example.com. Without a usable object store the
 * listings are seeded without photos and the log line says why.
 */
async function main(): Promise<void> {
  const config = loadListingsConfig();
  if (config.NODE_ENV === 'production') {
    console.log('listings: not seeding demo listings in production');
    return;
  }
  const dataSource = createListingsDataSource(config);
  await migrate(dataSource);
  try {
    console.log(describeDemoSeed(await seedDemoListings(dataSource, config)));
  } finally {
    await dataSource.destroy();
  }
}

main().catch((err: unknown) => {
  console.error('listings: seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
