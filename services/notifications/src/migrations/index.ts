import { CreateNotifications1765000000000 } from './1765000000000-create-notifications';
import { BatchedNotifications1766000000000 } from './1766000000000-batched-notifications';
import { EmailPreferences1767000000000 } from './1767000000000-email-preferences';
import { DisputeNotifications1767100000000 } from './1767100000000-dispute-notifications';
import { OfferNotifications1770000000000 } from './1770000000000-offer-notifications';
import { OrderMoneyNotifications1770100000000 } from './1770100000000-order-money-notifications';
import { RecipientPublicName1770300000001 } from './1770300000001-recipient-public-name';
import { NotificationOffPlatformWarning1770400000000 } from './1770400000000-notification-off-platform-warning';

/** Every migration, in order. New ones are appended here and committed. */
export const notificationsMigrations = [
  CreateNotifications1765000000000,
  BatchedNotifications1766000000000,
  EmailPreferences1767000000000,
  DisputeNotifications1767100000000,
  OfferNotifications1770000000000,
  OrderMoneyNotifications1770100000000,
  RecipientPublicName1770300000001,
  NotificationOffPlatformWarning1770400000000,
];
