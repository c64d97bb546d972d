import 'reflect-metadata';
import { listen } from '@loadout/http';
import { createListingsApp } from './listings.app';
import { loadListingsConfig } from './listings.config';

async function main(): Promise<void> {
  const config = loadListingsConfig();
  const app = await createListingsApp(config);
  await app.startAllMicroservices();
  await listen(app, config.PORT, config.HOST, 'listings');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
