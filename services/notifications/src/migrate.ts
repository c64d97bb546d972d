import 'reflect-metadata';
import { migrate } from '@loadout/db';
import { createNotificationsDataSource } from './data-source';
import { loadNotificationsConfig } from './notifications.config';

async function main(): Promise<void> {
  const dataSource = createNotificationsDataSource(loadNotificationsConfig());
  const applied = await migrate(dataSource);
  console.log(
    applied.length
      ? `notifications: applied ${applied.join(', ')}`
      : 'notifications: schema up to date',
  );
  await dataSource.destroy();
}

main().catch((err: unknown) => {
  console.error('notifications: migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
