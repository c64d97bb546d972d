/** The common-password list (a Set of lower-case entries), loaded once at boot. */
export const COMMON_PASSWORDS = Symbol('COMMON_PASSWORDS');
/** Short-lived counters (sign-in limits, resend throttles): Redis when REDIS_URL, else in-process. */
export const KEY_VALUE_STORE = Symbol('KEY_VALUE_STORE');
