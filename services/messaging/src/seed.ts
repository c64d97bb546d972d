import { runSeed } from '@loadout/service-kit';
import { messagingService } from './messaging.service';

// Conversations only exist between real users; the launcher runs every service's seed step.
runSeed(messagingService, async () => 'messaging: nothing to seed', { skipInProduction: true });
