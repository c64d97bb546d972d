import { CreateOrders1766000000000 } from './1766000000000-create-orders';
import { StrayPayments1766800000000 } from './1766800000000-stray-payments';
import { CheckoutIntents1766800000100 } from './1766800000100-checkout-intents';
import { Disputes1766900000000 } from './1766900000000-disputes';
import { Reviews1769500000000 } from './1769500000000-reviews';
import { DeliveryAddress1769600000000 } from './1769600000000-delivery-address';
import { Offers1770000000000 } from './1770000000000-offers';
import { IdempotencyKeyClaims1770100000000 } from './1770100000000-idempotency-key-claims';
import { ParkedJobs1770100000100 } from './1770100000100-parked-jobs';
import { PaymentCallInFlight1770500000000 } from './1770500000000-payment-call-in-flight';
import { PayoutAccountStatusAt1770500000100 } from './1770500000100-payout-account-status-at';
import { ParkedPaymentEvents1770500000200 } from './1770500000200-parked-payment-events';
import { OffersClosed1770510000000 } from './1770510000000-offers-closed';
import { DisputePhotos1770510000100 } from './1770510000100-dispute-photos';
import { DeliveryAddressRetention1770530000000 } from './1770530000000-delivery-address-retention';
import { RefundsPostedWhenConfirmed1780000000000 } from './1780000000000-refunds-posted-when-confirmed';
import { TransferBackfill1780000000100 } from './1780000000100-transfer-backfill';
import { PayoutFailures1780000000200 } from './1780000000200-payout-failures';
import { RetireListingJobs1780100000000 } from './1780100000000-retire-listing-jobs';
import { CheckoutIntentBuyer1780400000000 } from './1780400000000-checkout-intent-buyer';
import { PayoutPaid1780400000100 } from './1780400000100-payout-paid';

/** Every migration, in order. New ones are appended here and committed. */
export const ordersMigrations = [
  CreateOrders1766000000000,
  StrayPayments1766800000000,
  CheckoutIntents1766800000100,
  Disputes1766900000000,
  Reviews1769500000000,
  DeliveryAddress1769600000000,
  Offers1770000000000,
  IdempotencyKeyClaims1770100000000,
  ParkedJobs1770100000100,
  PaymentCallInFlight1770500000000,
  PayoutAccountStatusAt1770500000100,
  ParkedPaymentEvents1770500000200,
  OffersClosed1770510000000,
  DisputePhotos1770510000100,
  DeliveryAddressRetention1770530000000,
  RefundsPostedWhenConfirmed1780000000000,
  TransferBackfill1780000000100,
  PayoutFailures1780000000200,
  RetireListingJobs1780100000000,
  CheckoutIntentBuyer1780400000000,
  PayoutPaid1780400000100,
];
