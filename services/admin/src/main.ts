import { runService } from '@loadout/service-kit';
import { adminService } from './admin.service';

runService(adminService);
