import 'reflect-metadata';
import { migrate } from '@loadout/db';
import { createNotificationsDataSource } from './data-source';
import { loadNotificationsConfig } from './notifications.config';

/**
 * Development seed. Notifications and mail only ever come from events (sign up on the site to
 * see them), so this just makes sure the schema exists.
 */
async function main(): Promise<void> {
  const config = loadNotificationsConfig();
  const dataSource = createNotificationsDataSource(config);
  await migrate(dataSource);
  console.log('notifications: nothing to seed (mail and notifications come from events)');
  await dataSource.destroy();
}

main().catch((err: unknown) => {
  console.error('notifications: seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
