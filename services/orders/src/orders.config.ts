import { loadConfig, portVar, serviceEnv, z } from '@loadout/config';
import { imagesEnv } from '@loadout/images';
import { storageEnv } from '@loadout/storage';
import { type DisputeRules } from './disputes/domain/dispute-rules';
import { type DeadlineRules } from './escrow/domain/deadlines';

const seconds = (def: number) => z.coerce.number().int().min(1).default(def);
const DAY = 86_400;

export const ordersEnv = serviceEnv.extend({
  /** Disputes' evidence photos (ADR 0037): object storage, with S3 a private bucket of their own. */
  ...storageEnv.shape,
  ...imagesEnv.shape,
  S3_BUCKET: z.string().default('loadout-disputes'),
  PORT: portVar(3003),
  /** Shared secret of listings' internal reserve/release/sold routes. */
  INTERNAL_API_TOKEN: z.string().min(16),
  /** Base URL of the listings service (internal commands and the public listing read). */
  LISTINGS_URL: z.url({ message: 'must be a URL' }).default('http://127.0.0.1:3002'),
  /** Public origin, for links (Stripe onboarding return URLs). */
  PUBLIC_URL: z.url({ message: 'must be a URL' }).default('http://localhost:8080'),
  PAYMENTS_PROVIDER: z.enum(['simulated', 'stripe']).default('simulated'),
  /** Staging only: lets the simulated processor run under NODE_ENV=production. */
  PAYMENTS_ALLOW_SIMULATED: z.enum(['on', 'off']).default('off'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * The Connect endpoint's signing secret (connected accounts' events: account.updated,
   * payout.failed), when Stripe sends them to an endpoint of their own (issue 23 sc. 8).
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API origin (the test stand-in, a stripe-mock); unset = api.stripe.com. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  /** Escrow fee in basis points (250 = 2.5 %). */
  ESCROW_FEE_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(250),
  ORDERS_PAY_WITHIN_SECONDS: seconds(30 * 60),
  ORDERS_SHIP_WITHIN_SECONDS: seconds(7 * DAY),
  ORDERS_AUTO_RELEASE_AFTER_SECONDS: seconds(14 * DAY),
  /** Comma-separated seconds after shipping at which the buyer is reminded. */
  ORDERS_RELEASE_REMINDER_SECONDS: z
    .string()
    .default(`${7 * DAY},${12 * DAY}`)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .map(Number),
    )
    .refine((a) => a.every((n) => Number.isInteger(n) && n > 0), 'must be positive integers'),
  /** Disputes: the seller answers (and the buyer accepts a proposal) within this: 3 days. */
  ORDERS_DISPUTE_RESPONSE_SECONDS: seconds(3 * DAY),
  /** A withdrawn dispute (or a won chargeback) leaves the order's clock at least this: 3 days. */
  ORDERS_DISPUTE_RESUME_MIN_SECONDS: seconds(3 * DAY),
  /** Return and refund: the buyer sends the item back within this: 7 days. */
  ORDERS_DISPUTE_RETURN_SHIP_SECONDS: seconds(7 * DAY),
  /** ...and the seller confirms it arrived within this, else the buyer is refunded: 14 days. */
  ORDERS_DISPUTE_RETURN_RECEIPT_SECONDS: seconds(14 * DAY),
  /** Stripe's chargeback fee when the closed dispute names none (cents). */
  ORDERS_CHARGEBACK_FEE_CENTS: z.coerce.number().int().min(0).default(2_000),
  /**
   * How long a checkout may take between writing its intent and writing its order; an older
   * intent without an order is a checkout that died (its reservation is released).
   */
  ORDERS_CHECKOUT_INTENT_TTL_SECONDS: seconds(60),
  /** How long after completion buyer and seller may review each other (then reviews publish). */
  ORDERS_REVIEW_WINDOW_SECONDS: seconds(30 * DAY),
  /** Offers: the smallest offer in percent of the asking price (ADR 0031). */
  OFFER_MIN_PERCENT: z.coerce.number().int().min(1).max(99).default(50),
  /** Offers: how long an offer or a counter stays on the table, in hours. */
  OFFER_TTL_HOURS: z.coerce.number().int().min(1).default(48),
  /** How often the worker claims due deadlines and payment events; 0 = no worker (tests). */
  ORDERS_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * How many items (payment events, jobs) one replica's worker runs at once in a burst: a
   * drain starts with one and adds one for each item found, up to this (an idle look stays one
   * lane). Each lane holds at most one pooled connection at a time.
   */
  ORDERS_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  /** Delay before the simulated processor's confirmation arrives (it is asynchronous). */
  SIMULATED_PAYMENT_DELAY_MS: z.coerce.number().int().min(0).default(300),
});
export type OrdersConfig = ReturnType<typeof loadOrdersConfig>;
export const ORDERS_CONFIG = Symbol('ORDERS_CONFIG');
export const ORDERS_SCHEMA = 'orders';
/** The deadline rules of the config (`DeadlineRules`), injectable. */
export const DEADLINE_RULES = Symbol('DEADLINE_RULES');

/** The dispute rules of the config (`DisputeRules`), injectable. */
export const DISPUTE_RULES = Symbol('DISPUTE_RULES');

/** Stripe needs all three keys: name the missing one at boot, not at the first payment. */
const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
] as const;
const ordersEnvChecked = ordersEnv.superRefine((env, ctx) => {
  // Like the dev mailbox: a fake processor "taking" real buyers' money is never a default.
  if (
    env.PAYMENTS_PROVIDER === 'simulated' &&
    env.NODE_ENV === 'production' &&
    env.PAYMENTS_ALLOW_SIMULATED !== 'on'
  )
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS_PROVIDER'],
      message:
        'simulated takes no real money and is refused when NODE_ENV=production; set PAYMENTS_PROVIDER=stripe, or PAYMENTS_ALLOW_SIMULATED=on on a staging deployment',
    });
  if (env.PAYMENTS_PROVIDER !== 'stripe') return;
  for (const name of STRIPE_KEYS)
    if (!env[name])
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when PAYMENTS_PROVIDER=stripe',
      });
});

export const loadOrdersConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(ordersEnvChecked, env);

export const deadlineRules = (c: OrdersConfig): DeadlineRules => ({
  payWithinMs: c.ORDERS_PAY_WITHIN_SECONDS * 1_000,
  shipWithinMs: c.ORDERS_SHIP_WITHIN_SECONDS * 1_000,
  autoReleaseAfterMs: c.ORDERS_AUTO_RELEASE_AFTER_SECONDS * 1_000,
  reminderAfterMs: c.ORDERS_RELEASE_REMINDER_SECONDS.map((s) => s * 1_000),
});

export const disputeRules = (c: OrdersConfig): DisputeRules => ({
  respondWithinMs: c.ORDERS_DISPUTE_RESPONSE_SECONDS * 1_000,
  resumeAtLeastMs: c.ORDERS_DISPUTE_RESUME_MIN_SECONDS * 1_000,
  returnShipWithinMs: c.ORDERS_DISPUTE_RETURN_SHIP_SECONDS * 1_000,
  returnReceiptWithinMs: c.ORDERS_DISPUTE_RETURN_RECEIPT_SECONDS * 1_000,
});
