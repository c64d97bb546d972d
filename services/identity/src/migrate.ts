import 'reflect-metadata';
import { migrate } from '@loadout/db';
import { createIdentityDataSource } from './data-source';
import { loadIdentityConfig } from './identity.config';

async function main(): Promise<void> {
  const dataSource = createIdentityDataSource(loadIdentityConfig());
  const applied = await migrate(dataSource);
  console.log(
    applied.length ? `identity: applied ${applied.join(', ')}` : 'identity: schema up to date',
  );
  await dataSource.destroy();
}

main().catch((err: unknown) => {
  console.error('identity: migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
