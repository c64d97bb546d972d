import { type OrderFactsV1 } from './order-facts';

/**
 * `orders.order.reminder.v1`: a shipped order is still unconfirmed (day 7 and day 12 after
 * shipping by default); tells the buyer when the money will be released automatically.
 */
export interface OrderReminderV1 extends OrderFactsV1 {
  kind: 'auto_release';
  /** Days since shipping when the reminder fired. */
  day: number;
  autoReleaseAt: string;
}
