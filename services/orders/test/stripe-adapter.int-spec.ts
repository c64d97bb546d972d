import { StripePaymentProvider } from '../src/payments/stripe/stripe-payment.provider';
import { STAND_IN_CARDS, StripeStandIn } from './support/stripe-stand-in';

const SECRET_KEY = 'sk_test_adapter_suite';

describe('Stripe adapter against the Stripe stand-in', () => {
  const stripe = new StripeStandIn(SECRET_KEY);
  let provider: StripePaymentProvider;

  beforeAll(async () => {
    await stripe.start();
    provider = new StripePaymentProvider({
      secretKey: SECRET_KEY,
      webhookSecret: 'whsec_adapter_suite',
      publishableKey: 'pk_test_adapter_suite',
      apiUrl: stripe.url,
      publicUrl: 'http://localhost:8080/',
    });
  });
  afterAll(() => stripe.close());

  const pay = (orderId: string, over: { paymentMethodId?: string; key?: string } = {}) =>
    provider.createPayment({
      orderId,
      amountCents: 10_250,
      currency: 'eur',
      transferGroup: orderId,
      idempotencyKey: over.key ?? `order:${orderId}:pay`,
      paymentMethodId: over.paymentMethodId,
      buyerId: 'buyer-1',
    });

  it('is in test mode with a test key and hands out the publishable key', () => {
    expect(provider.testMode).toBe(true);
    expect(provider.publishableKey).toBe('pk_test_adapter_suite');
  });

  it('creates a PaymentIntent on the platform account, grouped by order, form-encoded, with the idempotency key', async () => {
    const result = await pay('ord_create_1');
    expect(result).toMatchObject({ status: 'processing' });
    expect(result.paymentId).toMatch(/^pi_/);
    expect(result.clientSecret).toMatch(/_secret_/);

    const [call] = stripe.callsTo('POST', '/v1/payment_intents');
    expect(call!.idempotencyKey).toBe('order:ord_create_1:pay');
    expect(call!.rawBody).toContain('transfer_group=ord_create_1');
    expect(call!.params).toMatchObject({
      amount: '10250',
      currency: 'eur',
      transfer_group: 'ord_create_1',
      metadata: { order_id: 'ord_create_1', buyer_id: 'buyer-1' },
    });
    expect(call!.params).not.toHaveProperty('confirm');
  });

  it('restricts the PaymentIntent to card: a delayed method (SEPA) could never be paid by the pay-by deadline', async () => {
    const made = {
      ord_card_only: await pay('ord_card_only'),
      ord_card_only_pm: await pay('ord_card_only_pm', { paymentMethodId: STAND_IN_CARDS.visa }),
    };
    expect(made.ord_card_only_pm.status).toBe('succeeded');
    for (const [id, result] of Object.entries(made)) {
      const [call] = stripe
        .callsTo('POST', '/v1/payment_intents')
        .filter((c) => c.idempotencyKey === `order:${id}:pay`);
      // Issue 23 scenario 10. On API 2026-10-28.endive `allowed_payment_method_types` replaces
      // `payment_method_types`, and excludes automatic methods.
      expect(call!.rawBody).toContain('allowed_payment_method_types[0]=card');
      expect(call!.rawBody).not.toContain('automatic_payment_methods');
      expect(call!.rawBody.match(/payment_method_types\[/g)).toHaveLength(1);
      const pi = stripe.paymentIntents.get(result.paymentId);
      expect(pi?.allowed_payment_method_types).toEqual(['card']);
    }
  });

  it('returns the same PaymentIntent for a repeated idempotency key, with no second one created', async () => {
    const before = stripe.paymentIntents.size;
    const first = await pay('ord_retry_1');
    const again = await pay('ord_retry_1');
    expect(again.paymentId).toBe(first.paymentId);
    expect(stripe.paymentIntents.size).toBe(before + 1);
    const calls = stripe.calls.filter((c) => c.idempotencyKey === 'order:ord_retry_1:pay');
    expect(calls.map((c) => c.replayed)).toEqual([false, true]);
  });

  it('confirms with a Payment Element method: success, and a decline answered as a failed attempt', async () => {
    const ok = await pay('ord_pm_ok', { paymentMethodId: STAND_IN_CARDS.visa });
    expect(ok.status).toBe('succeeded');
    const call = stripe.calls.find((c) => c.idempotencyKey === 'order:ord_pm_ok:pay')!;
    expect(call.params).toMatchObject({
      confirm: 'true',
      payment_method: STAND_IN_CARDS.visa,
      return_url: 'http://localhost:8080/purchase-success?order=ord_pm_ok',
    });

    const declined = await pay('ord_pm_no', { paymentMethodId: STAND_IN_CARDS.declined });
    expect(declined).toMatchObject({
      status: 'failed',
      failureCode: 'generic_decline',
      failureMessage: 'Your card was declined.',
    });
    expect(declined.paymentId).toMatch(/^pi_/);
  });

  it('releases with a transfer funded by the charge (source_transaction from latest_charge), once per key', async () => {
    const { accountId } = await provider.createPayoutAccount({ userId: 'seller-t' });
    stripe.completeAccount(accountId);
    const paid = await pay('ord_release_1');
    const pi = stripe.succeed(paid.paymentId);

    const input = {
      orderId: 'ord_release_1',
      paymentId: paid.paymentId,
      sellerAccountId: accountId,
      amountCents: 10_000,
      idempotencyKey: 'order:ord_release_1:release',
    };
    const first = await provider.transferToSeller(input);
    const again = await provider.transferToSeller(input);
    expect(again.transferId).toBe(first.transferId);

    const calls = stripe.callsTo('POST', '/v1/transfers');
    const ours = calls.filter((c) => c.idempotencyKey === 'order:ord_release_1:release');
    expect(ours).toHaveLength(2);
    expect(ours[0]!.params).toMatchObject({
      amount: '10000',
      currency: 'eur',
      destination: accountId,
      transfer_group: 'ord_release_1',
      source_transaction: pi.latest_charge,
    });
    expect(ours[0]!.rawBody).toContain(`source_transaction=${String(pi.latest_charge)}`);
    expect(ours[1]!.replayed).toBe(true);
    expect(
      [...stripe.transfers.values()].filter((t) => t.transfer_group === 'ord_release_1'),
    ).toHaveLength(1);
  });

  it('refuses to transfer from a payment that has not succeeded', async () => {
    const { accountId } = await provider.createPayoutAccount({ userId: 'seller-u' });
    const unpaid = await pay('ord_unpaid_1');
    await expect(
      provider.transferToSeller({
        orderId: 'ord_unpaid_1',
        paymentId: unpaid.paymentId,
        sellerAccountId: accountId,
        amountCents: 100,
        idempotencyKey: 'order:ord_unpaid_1:release',
      }),
    ).rejects.toThrow(/no successful charge/);
  });

  it('refunds against the PaymentIntent with the idempotency key, once', async () => {
    const paid = await pay('ord_refund_1');
    stripe.succeed(paid.paymentId);
    const input = {
      orderId: 'ord_refund_1',
      paymentId: paid.paymentId,
      amountCents: 10_250,
      idempotencyKey: 'order:ord_refund_1:refund:1',
    };
    const first = await provider.refund(input);
    const again = await provider.refund(input);
    expect(first).toMatchObject({ status: 'succeeded' });
    expect(again.refundId).toBe(first.refundId);
    const calls = stripe.calls.filter((c) => c.idempotencyKey === 'order:ord_refund_1:refund:1');
    expect(calls[0]!.params).toMatchObject({
      payment_intent: paid.paymentId,
      metadata: { order_id: 'ord_refund_1' },
    });
    // No amount: Stripe refunds what is left on the charge (all of it here).
    expect(calls[0]!.params).not.toHaveProperty('amount');
    expect(calls[1]!.replayed).toBe(true);
    const charge = stripe.charges.get(
      stripe.paymentIntents.get(paid.paymentId)!.latest_charge as string,
    )!;
    expect(charge.amount_refunded).toBe(10_250);
  });

  it('after a dashboard refund not yet applied, refunds only what is left; with nothing left, succeeds without a refund', async () => {
    const paid = await pay('ord_refund_2');
    stripe.succeed(paid.paymentId);
    stripe.refundInDashboard(paid.paymentId, 1_000);
    const first = await provider.refund({
      orderId: 'ord_refund_2',
      paymentId: paid.paymentId,
      amountCents: 10_250,
      idempotencyKey: 'order:ord_refund_2:refund:1',
    });
    expect(first).toMatchObject({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) });
    const charge = stripe.charges.get(
      stripe.paymentIntents.get(paid.paymentId)!.latest_charge as string,
    )!;
    // €10 from the dashboard + €92.50 from Loadout: the buyer has the whole €102.50 back, once.
    expect(charge.amount_refunded).toBe(10_250);
    expect(stripe.refunds.size).toBeGreaterThanOrEqual(1);
    const refundsBefore = stripe.refunds.size;

    const nothingLeft = await provider.refund({
      orderId: 'ord_refund_2',
      paymentId: paid.paymentId,
      amountCents: 10_250,
      idempotencyKey: 'order:ord_refund_2:refund:2',
    });
    expect(nothingLeft).toEqual({ refundId: null, status: 'succeeded' });
    expect(stripe.refunds.size).toBe(refundsBefore);
    expect(charge.amount_refunded).toBe(10_250);
  });

  it('onboards a Connect Express account in Ireland and reports its status', async () => {
    const created = await provider.createPayoutAccount({
      userId: 'seller-o',
      email: 's@example.ie',
    });
    expect(created).toMatchObject({ status: 'pending' });
    const call = stripe.calls.filter((c) => c.path === '/v1/accounts').at(-1)!;
    expect(call.params).toMatchObject({
      type: 'express',
      country: 'IE',
      email: 's@example.ie',
      capabilities: { transfers: { requested: 'true' } },
      metadata: { user_id: 'seller-o' },
    });
    expect(call.idempotencyKey).toBe('seller:seller-o:payout-account');

    const link = await provider.onboardingLink({
      accountId: created.accountId,
      returnUrl: 'http://localhost:8080/seller-dashboard?onboarding=done',
      refreshUrl: 'http://localhost:8080/seller-dashboard?onboarding=retry',
    });
    expect(link).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    expect(stripe.callsTo('POST', '/v1/account_links').at(-1)!.params).toMatchObject({
      account: created.accountId,
      type: 'account_onboarding',
      return_url: 'http://localhost:8080/seller-dashboard?onboarding=done',
      refresh_url: 'http://localhost:8080/seller-dashboard?onboarding=retry',
    });

    stripe.completeAccount(created.accountId);
    expect(await provider.payoutAccountStatus(created.accountId)).toBe('complete');
    expect(
      await provider.onboardingLink({
        accountId: created.accountId,
        returnUrl: 'x',
        refreshUrl: 'y',
      }),
    ).toBeNull();
  });

  it('sends the secret key only as the bearer token, never in a body', () => {
    expect(stripe.calls.length).toBeGreaterThan(10);
    expect(stripe.calls.every((c) => !c.rawBody.includes(SECRET_KEY))).toBe(true);
  });
});
