import { runService } from '@loadout/service-kit';
import { messagingService } from './messaging.service';

runService(messagingService);
