import 'reflect-metadata';
import { listen } from '@loadout/http';
import { createNotificationsApp } from './notifications.app';
import { loadNotificationsConfig } from './notifications.config';

async function main(): Promise<void> {
  const config = loadNotificationsConfig();
  const app = await createNotificationsApp(config);
  await app.startAllMicroservices();
  await listen(app, config.PORT, config.HOST, 'notifications');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
