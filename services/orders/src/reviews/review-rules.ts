import { ORDERS_CONFIG, type OrdersConfig } from '../orders.config';
import { type ReviewRules } from './domain/review';

/** The review rules of the config, injectable (`ORDERS_REVIEW_WINDOW_SECONDS`). */
export const REVIEW_RULES = Symbol('REVIEW_RULES');

export const reviewRulesProvider = {
  provide: REVIEW_RULES,
  inject: [ORDERS_CONFIG],
  useFactory: (config: OrdersConfig): ReviewRules => ({
    windowSeconds: config.ORDERS_REVIEW_WINDOW_SECONDS,
  }),
};
