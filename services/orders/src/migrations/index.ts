import { CreateOrders1766000000000 } from './1766000000000-create-orders';

/** Every migration, in order. New ones are appended here and committed. */
export const ordersMigrations = [CreateOrders1766000000000];
