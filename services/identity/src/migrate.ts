import { runMigrations } from '@loadout/service-kit';
import { identityService } from './identity.service';

runMigrations(identityService);
