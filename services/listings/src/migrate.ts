import { runMigrations } from '@loadout/service-kit';
import { listingsService } from './listings.service';

runMigrations(listingsService);
