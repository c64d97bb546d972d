import { CreateOrders1766000000000 } from './1766000000000-create-orders';
import { StrayPayments1766800000000 } from './1766800000000-stray-payments';
import { CheckoutIntents1766800000100 } from './1766800000100-checkout-intents';
import { Disputes1766900000000 } from './1766900000000-disputes';
import { Reviews1769500000000 } from './1769500000000-reviews';
import { DeliveryAddress1769600000000 } from './1769600000000-delivery-address';
import { Offers1770000000000 } from './1770000000000-offers';
import { IdempotencyKeyClaims1770100000000 } from './1770100000000-idempotency-key-claims';
import { ParkedJobs1770100000100 } from './1770100000100-parked-jobs';
import { OffersClosed1770510000000 } from './1770510000000-offers-closed';
import { DisputePhotos1770510000100 } from './1770510000100-dispute-photos';

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
  OffersClosed1770510000000,
  DisputePhotos1770510000100,
];
