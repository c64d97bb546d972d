import { runMigrations } from '@loadout/service-kit';
import { notificationsService } from './notifications.service';

runMigrations(notificationsService);
