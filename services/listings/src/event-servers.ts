/**
 * Transport ids of this service's two consumer groups. Each `@EventPattern` names one, so the
 * `listings` group (identity's events → sellers, orders' outcomes → reservations) and the `listings-cache` group (own events →
 * cache) subscribe only to their own topics.
 */
export const SELLER_EVENTS = Symbol('listings:seller-events');
export const CACHE_EVENTS = Symbol('listings:cache-events');
