import { runService } from '@loadout/service-kit';
import { identityService } from './identity.service';

runService(identityService);
