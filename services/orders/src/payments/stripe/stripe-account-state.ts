import type Stripe from 'stripe';
import { type PayoutAccountState } from '../payment-provider.port';

/**
 * Connect onboarding is complete when the account has submitted its details and Stripe lets
 * it receive transfers (`charges_enabled`, or the transfers capability of a recipient-only
 * account) and pay them out.
 */
export function accountState(account: Stripe.Account): Exclude<PayoutAccountState, 'not_started'> {
  const canReceive = account.charges_enabled || account.capabilities?.transfers === 'active';
  return account.details_submitted && account.payouts_enabled && canReceive
    ? 'complete'
    : 'pending';
}
