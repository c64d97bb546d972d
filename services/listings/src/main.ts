import { runService } from '@loadout/service-kit';
import { listingsService } from './listings.service';

runService(listingsService);
