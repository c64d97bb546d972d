import { runMigrations } from '@loadout/service-kit';
import { ordersService } from './orders.service';

runMigrations(ordersService);
