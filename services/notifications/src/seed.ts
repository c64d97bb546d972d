import { runSeed } from '@loadout/service-kit';
import { notificationsService } from './notifications.service';

/**
 * Development seed. Notifications and mail only ever come from events (sign up on the site to
 * see them), so this just makes sure the schema exists.
 */
runSeed(
  notificationsService,
  async () => 'notifications: nothing to seed (mail and notifications come from events)',
);
