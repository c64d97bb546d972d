import Stripe from 'stripe';

let n = 0;

/** A Stripe event envelope as Stripe sends it (only the fields the adapter reads matter). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  over: { id?: string; account?: string; created?: number } = {},
) {
  return {
    id: over.id ?? `evt_${Date.now().toString(36)}${(++n).toString(36)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: over.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    ...(over.account && { account: over.account }),
    data: { object },
  };
}

const signer = new Stripe('sk_test_signer_only');

/**
 * A webhook as Stripe delivers it: the pretty-printed JSON body (as Stripe formats it, so a
 * re-serialised body would not match) and a real `Stripe-Signature` header for it.
 */
export function signedWebhook(
  event: unknown,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): { body: string; signature: string } {
  const body = JSON.stringify(event, null, 2);
  return {
    body,
    signature: signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }),
  };
}
