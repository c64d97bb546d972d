import { runMigrations } from '@loadout/service-kit';
import { messagingService } from './messaging.service';

runMigrations(messagingService);
