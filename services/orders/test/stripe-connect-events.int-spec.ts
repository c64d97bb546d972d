import { signedWebhook, stripeEvent } from './factories/stripe-event.factory';
import { useStripeOrdersHarness } from './support/stripe-harness';

jest.setTimeout(90_000);

const CONNECT_SECRET = 'whsec_connect_endpoint_9876543210';

/**
 * Issue 23 scenario 8: Stripe Connect events. Connected accounts' events (`account.updated`,
 * `payout.failed`) come from a Connect endpoint with its own signing secret; the account is
 * refreshed from Stripe when the seller looks at it while pending; and an older snapshot of the
 * account never overwrites a newer one, whatever order the worker applies them in.
 */
describe('Stripe Connect events', () => {
  const h = useStripeOrdersHarness('orders_connect_events', {
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
  });

  const onboardingStarted = async () => {
    const seller = await h.user();
    const res = await h.call('/api/v1/payouts/onboarding', { token: seller.token, json: {} });
    expect(res.status).toBe(200);
    const account = [...h.stripe.accounts.values()].find(
      (a) => (a.metadata as { user_id?: string }).user_id === seller.id,
    )!;
    return { seller, accountId: account.id };
  };

  const status = async (sellerId: string) =>
    (
      (await h.ds.query(`SELECT status FROM orders.payout_accounts WHERE seller_id = $1`, [
        sellerId,
      ])) as { status: string }[]
    )[0]?.status;

  it('scenario 8: an event signed with the Connect endpoint’s secret is accepted; another secret is not', async () => {
    const { seller, accountId } = await onboardingStarted();
    const event = stripeEvent('account.updated', h.stripe.completeAccount(accountId), {
      account: accountId,
    });
    const forged = signedWebhook(event, 'whsec_someone_else_000000');
    expect((await h.postWebhook(forged.body, forged.signature)).status).toBe(400);

    const { body, signature } = signedWebhook(event, CONNECT_SECRET);
    const res = await h.postWebhook(body, signature);
    expect(res).toMatchObject({ status: 200, body: { outcome: 'recorded' } });
    await h.drain();
    expect(await status(seller.id)).toBe('complete');
  });

  it('scenario 8: GET payouts/account while pending refreshes the account from Stripe and wakes the waiting transfer', async () => {
    const o = await h.paidStripeOrder();
    const onboarding = await h.call('/api/v1/payouts/onboarding', {
      token: o.seller.token,
      json: {},
    });
    expect(onboarding.status).toBe(200);
    await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true });
    expect((await h.action(o.buyer, o.orderId, 'confirm-delivery')).status).toBe(200);
    await h.drain(); // the transfer waits for onboarding
    const accountId = [...h.stripe.accounts.values()].at(-1)!.id;
    expect(await status(o.seller.id)).not.toBe('complete');

    // The seller finished onboarding and came back; no webhook has arrived (yet).
    h.stripe.completeAccount(accountId);
    const res = await h.call<{ status: string }>('/api/v1/payouts/account', {
      token: o.seller.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('complete');
    expect(await status(o.seller.id)).toBe('complete');
    await h.drain();
    expect(
      [...h.stripe.transfers.values()].filter((t) => t.transfer_group === o.orderId),
    ).toHaveLength(1);
  });

  it('scenario 8: an older snapshot applied after a newer one does not overwrite it', async () => {
    const { seller, accountId } = await onboardingStarted();
    // First delivery: details submitted, still pending.
    h.stripe.submitDetails(accountId);
    const first = stripeEvent('account.updated', h.stripe.accounts.get(accountId)!, {
      account: accountId,
    });
    expect((await h.deliver(first)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    // Second delivery: complete.
    h.stripe.completeAccount(accountId);
    const second = stripeEvent('account.updated', h.stripe.accounts.get(accountId)!, {
      account: accountId,
    });
    expect((await h.deliver(second)).status).toBe(200);
    // The worker applies them the other way round (a retry, two workers).
    await h.ds.query(
      `UPDATE orders.payment_events
          SET available_at = CASE event_id WHEN $1 THEN now() - interval '2 minutes'
                                           ELSE now() - interval '1 minute' END
        WHERE event_id IN ($1, $2)`,
      [second.id, first.id],
    );
    await h.drain();
    expect(await status(seller.id)).toBe('complete');
  });
});
