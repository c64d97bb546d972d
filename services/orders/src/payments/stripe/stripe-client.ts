import Stripe from 'stripe';
import { type OrdersConfig } from '../../orders.config';

/** What the Stripe adapter needs from the configuration (validated at boot). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret; events signed with either are accepted. */
  connectWebhookSecret?: string;
  publishableKey: string;
  /** Another API origin: the test stand-in or a stripe-mock. */
  apiUrl?: string;
  /** Public origin for return URLs (onboarding, redirecting payment methods). */
  publicUrl: string;
}

export function stripeSettings(config: OrdersConfig): StripeSettings {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY } = config;
  // loadOrdersConfig already refused this; the check keeps the types honest.
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PUBLISHABLE_KEY)
    throw new Error(
      'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
    );
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    apiUrl: config.STRIPE_API_URL,
    publicUrl: config.PUBLIC_URL,
  };
}

/** The SDK client; `apiUrl` becomes its `host`/`port`/`protocol`. */
export function createStripeClient(s: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const api = s.apiUrl ? new URL(s.apiUrl) : null;
  return new Stripe(s.secretKey, {
    // Retries reuse the idempotency key of the call, so a retried create never doubles.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
