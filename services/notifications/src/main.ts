import { runService } from '@loadout/service-kit';
import { notificationsService } from './notifications.service';

runService(notificationsService);
