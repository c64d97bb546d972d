import 'reflect-metadata';
import { migrate } from '@loadout/db';
import { createListingsDataSource } from './data-source';
import { loadListingsConfig } from './listings.config';

async function main(): Promise<void> {
  const dataSource = createListingsDataSource(loadListingsConfig());
  const applied = await migrate(dataSource);
  console.log(
    applied.length ? `listings: applied ${applied.join(', ')}` : 'listings: schema up to date',
  );
  await dataSource.destroy();
}

main().catch((err: unknown) => {
  console.error('listings: migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
