import { runSeed } from '@loadout/service-kit';
import { adminService } from './admin.service';

/** Development seed: nothing yet (re-running a seed must change nothing). */
runSeed(adminService, async () => 'admin: nothing to seed', {
  skipInProduction: true,
});
