import { AppError } from '@loadout/errors';

export const webhookSignatureInvalid = () =>
  new AppError(
    'ORDERS.WEBHOOK_SIGNATURE_INVALID',
    'The Stripe signature of this webhook is missing, wrong or too old.',
    'validation',
  );

export const stripeWebhooksDisabled = () =>
  new AppError(
    'ORDERS.STRIPE_NOT_CONFIGURED',
    'Stripe payments are not configured on this server.',
    'not_found',
  );
