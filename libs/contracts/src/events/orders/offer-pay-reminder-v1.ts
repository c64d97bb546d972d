import { type OfferFactsV1 } from './offer-facts';

/**
 * `orders.offer.pay_reminder.v1` (ADR 0037): the order of an accepted offer is still unpaid
 * half-way through its pay window; the buyer is reminded to pay before `payBy`, when the order
 * expires and the listing goes back on sale.
 */
export interface OfferPayReminderV1 extends OfferFactsV1 {
  orderId: string;
  /** What the buyer pays (item at the agreed price + postage + fee), cents. */
  totalCents: number;
  /** ISO 8601. */
  payBy: string;
}
