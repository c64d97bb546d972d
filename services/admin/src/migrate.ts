import { runMigrations } from '@loadout/service-kit';
import { adminService } from './admin.service';

runMigrations(adminService);
