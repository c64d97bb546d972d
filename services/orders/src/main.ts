import { runService } from '@loadout/service-kit';
import { ordersService } from './orders.service';

runService(ordersService);
