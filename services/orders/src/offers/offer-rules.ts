import { ORDERS_CONFIG, type OrdersConfig } from '../orders.config';
import { type OfferRules } from './domain/offer';

/** The offer rules of the config (`OFFER_MIN_PERCENT`, `OFFER_TTL_HOURS`), injectable. */
export const OFFER_RULES = Symbol('OFFER_RULES');

export const offerRulesProvider = {
  provide: OFFER_RULES,
  inject: [ORDERS_CONFIG],
  useFactory: (config: OrdersConfig): OfferRules => ({
    minPercent: config.OFFER_MIN_PERCENT,
    ttlMs: config.OFFER_TTL_HOURS * 3_600_000,
  }),
};
