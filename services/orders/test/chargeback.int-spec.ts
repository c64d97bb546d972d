import { type DisputeView } from '@loadout/contracts';
import { splitPartialRefund } from '../src/disputes/domain/partial-refund';
import { disputeSteps } from './support/dispute-steps';
import { stripeEvent } from './factories/stripe-event.factory';
import { useStripeOrdersHarness } from './support/stripe-harness';

jest.setTimeout(90_000);

/**
 * Card chargebacks (`charge.dispute.created|closed`) and Stripe-mode dispute refunds, through
 * the real webhook endpoint (signed), inbox, worker and Postgres; Stripe is the stand-in. The
 * harness checks the ledger invariants after every test.
 */
describe('card chargebacks and disputes with Stripe', () => {
  const h = useStripeOrdersHarness('chargeback');
  const d = disputeSteps(h);
  let n = 0;

  /** The seller's Express account, onboarded (Stripe tells it by `account.updated`). */
  async function onboard(seller: { token: string }) {
    await h.call('/api/v1/payouts/onboarding', { token: seller.token, json: {} });
    const account = h.stripe.completeAccount([...h.stripe.accounts.values()].at(-1)!.id as string);
    expect((await h.deliver(stripeEvent('account.updated', account))).status).toBe(200);
    await h.drain();
  }

  /** A paid order, shipped 10 days ago (release due on day 14), its seller fully onboarded. */
  async function shippedTenDaysAgo() {
    const o = await h.paidStripeOrder();
    await onboard(o.seller);
    expect((await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true })).status).toBe(
      200,
    );
    await h.ds.query(
      `UPDATE orders.orders SET shipped_at = now() - interval '10 days',
              auto_release_at = now() + interval '4 days' WHERE id = $1`,
      [o.orderId],
    );
    return o;
  }

  const disputeObject = (paymentId: string, over: Record<string, unknown> = {}) => {
    const pi = h.stripe.paymentIntents.get(paymentId)!;
    return {
      id: `dp_${++n}_${Date.now().toString(36)}`,
      object: 'dispute',
      amount: pi.amount,
      currency: 'eur',
      charge: pi.latest_charge,
      payment_intent: paymentId,
      reason: 'fraudulent',
      status: 'needs_response',
      metadata: {},
      balance_transactions: [],
      ...over,
    };
  };
  const transfersOf = (orderId: string) =>
    [...h.stripe.transfers.values()].filter((t) => t.transfer_group === orderId);
  const balanceOf = async (orderId: string, account: string) =>
    (
      (await h.ds.query(
        `SELECT coalesce(sum(amount_cents), 0)::int AS c FROM orders.ledger_postings
          WHERE order_id = $1 AND account = $2`,
        [orderId, account],
      )) as { c: number }[]
    )[0]!.c;
  const sellerPayable = (orderId: string) => balanceOf(orderId, 'seller_payable');
  const sellerPaid = (orderId: string) => balanceOf(orderId, 'seller_paid');
  const caseOf = async (orderId: string) =>
    (
      (await h.ds.query(
        `SELECT id FROM orders.disputes WHERE order_id = $1 AND origin = 'chargeback'`,
        [orderId],
      )) as {
        id: string;
      }[]
    ).map((r) => r.id);

  it('a chargeback on day 10 after shipping freezes the order: the day-14 release job runs, no transfer', async () => {
    const o = await shippedTenDaysAgo();
    const dp = disputeObject(o.paymentId);
    expect((await h.deliver(stripeEvent('charge.dispute.created', dp))).status).toBe(200);
    // A redelivery (another event id for the same dispute) opens nothing more.
    expect((await h.deliver(stripeEvent('charge.dispute.created', dp))).status).toBe(200);
    await h.drain();
    expect((await h.orderRow(o.orderId)).status).toBe('disputed');

    await h.makeDue(o.orderId, 'auto_release');
    await h.drain();
    expect((await h.orderRow(o.orderId)).status).toBe('disputed');
    expect(transfersOf(o.orderId)).toEqual([]);
    expect(h.transfers.filter((t) => t.orderId === o.orderId)).toEqual([]);

    // An admin-only case: admins see it, the parties do not even know its id exists.
    const cases = await caseOf(o.orderId);
    expect(cases).toHaveLength(1);
    const admin = await h.user(['admin']);
    const seen = await d.view(admin, cases[0]!);
    expect(seen.body).toMatchObject({ origin: 'chargeback', status: 'escalated' });
    expect((await d.view(o.buyer, cases[0]!)).status).toBe(404);
    expect((await d.view(o.seller, cases[0]!)).status).toBe(404);
    const listed = await h.call<{ items: DisputeView[] }>('/api/v1/disputes', {
      token: o.buyer.token,
    });
    expect(listed.body.items).toEqual([]);
    // Admins cannot decide it: the card network does.
    expect((await d.decide(admin, cases[0]!, { outcome: 'release', statement: 'x' })).status).toBe(
      409,
    );
    // Neither party can open a second dispute over it meanwhile.
    expect((await d.open(o.buyer, o.orderId)).status).toBe(409);
  });

  it('won: the freeze ends and the release resumes (at least 3 days left), then transfers once', async () => {
    const o = await shippedTenDaysAgo();
    const dp = disputeObject(o.paymentId);
    await h.deliver(stripeEvent('charge.dispute.created', dp));
    await h.drain();
    await h.deliver(stripeEvent('charge.dispute.closed', { ...dp, status: 'won' }));
    await h.drain();
    const [row] = (await h.ds.query(
      `SELECT status, chargeback_status AS cb, auto_release_at AS at FROM orders.orders WHERE id = $1`,
      [o.orderId],
    )) as { status: string; cb: string; at: Date }[];
    expect(row).toMatchObject({ status: 'shipped', cb: 'won' });
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(Date.now() + 3 * 24 * 3600_000 - 60_000);
    expect(transfersOf(o.orderId)).toEqual([]);
    await h.makeDue(o.orderId, 'auto_release');
    await h.drain();
    expect((await h.orderRow(o.orderId)).status).toBe('completed');
    expect(transfersOf(o.orderId)).toHaveLength(1);
  });

  it('lost: the amount and Stripe’s fee leave the platform’s books, the order is refunded, no transfer', async () => {
    const o = await shippedTenDaysAgo();
    const dp = disputeObject(o.paymentId);
    await h.deliver(stripeEvent('charge.dispute.created', dp));
    await h.drain();
    await h.deliver(
      stripeEvent('charge.dispute.closed', {
        ...dp,
        status: 'lost',
        balance_transactions: [
          { id: 'txn_1', object: 'balance_transaction', amount: -10_763, fee: 1_500 },
        ],
      }),
    );
    await h.drain();
    expect(await h.orderRow(o.orderId)).toMatchObject({
      status: 'refunded',
      refunded_cents: 10_763,
    });
    // The item is with the buyer: listings' rule (ADR 0044) sells the listing. Nothing is left
    // to refund, so the event must not read as a refund's confirmation (ADR 0042).
    expect(h.listings.listings.get(o.listing.id)).toMatchObject({
      status: 'sold',
      soldOrderId: o.orderId,
    });
    expect((await d.postings(o.orderId)).filter(([k]) => k === 'chargeback')).toEqual([
      ['chargeback', 'escrow_held', -10_763],
      ['chargeback', 'platform_fees', -1_500],
      ['chargeback', 'chargebacks', 12_263],
    ]);
    await h.makeDue(o.orderId, 'auto_release');
    await h.drain();
    expect(transfersOf(o.orderId)).toEqual([]);
    // The network refunded the cardholder: Loadout asks Stripe for no refund of its own.
    expect(
      h.stripe
        .callsTo('POST', '/v1/refunds')
        .filter((c) => c.params.payment_intent === o.paymentId),
    ).toEqual([]);
    const [resolved] = (await h.ds.query(
      `SELECT outcome FROM orders.disputes WHERE processor_dispute_id = $1`,
      [dp.id],
    )) as { outcome: { kind: string } }[];
    expect(resolved!.outcome.kind).toBe('full_refund');
  });

  it('after release: an open chargeback holds the waiting transfer; lost is posted from the platform account', async () => {
    const o = await h.paidStripeOrder();
    await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true });
    expect((await h.action(o.buyer, o.orderId, 'confirm-delivery')).status).toBe(200);
    await h.drain(); // no payout account yet: the transfer waits
    const dp = disputeObject(o.paymentId);
    await h.deliver(stripeEvent('charge.dispute.created', dp));
    await h.drain();
    await onboard(o.seller);
    await h.makeDue(o.orderId, 'transfer_to_seller');
    await h.drain();
    expect(transfersOf(o.orderId)).toEqual([]);
    expect((await h.orderRow(o.orderId)).status).toBe('completed');

    await h.deliver(stripeEvent('charge.dispute.closed', { ...dp, status: 'lost' }));
    await h.drain();
    expect((await d.postings(o.orderId)).filter(([k]) => k === 'chargeback')).toEqual([
      ['chargeback', 'platform_fees', -(10_763 + 2_000)],
      ['chargeback', 'chargebacks', 10_763 + 2_000],
    ]);
    // The waiting transfer is never made: the seller's share covers the loss instead.
    await h.makeDue(o.orderId, 'transfer_to_seller');
    await h.drain();
    expect(transfersOf(o.orderId)).toEqual([]);
    expect((await d.postings(o.orderId)).filter(([k]) => k === 'withheld')).toEqual([
      ['withheld', 'seller_payable', -10_500],
      ['withheld', 'platform_fees', 10_500],
    ]);
    expect(await sellerPayable(o.orderId)).toBe(0);
  });

  it('issue 24: a chargeback lost after the payout reverses the transfer (createReversal), booked once with its webhook', async () => {
    const o = await shippedTenDaysAgo();
    await h.makeDue(o.orderId, 'auto_release');
    await h.drain();
    expect((await h.orderRow(o.orderId)).status).toBe('completed');
    const [transfer] = transfersOf(o.orderId);
    expect(transfer).toMatchObject({ amount: 10_500, amount_reversed: 0 });
    // The transfer is booked when made: owed → paid.
    expect((await d.postings(o.orderId)).filter(([k]) => k === 'transfer')).toEqual([
      ['transfer', 'seller_payable', -10_500],
      ['transfer', 'seller_paid', 10_500],
    ]);

    const dp = disputeObject(o.paymentId);
    await h.deliver(stripeEvent('charge.dispute.created', dp));
    await h.drain();
    await h.deliver(stripeEvent('charge.dispute.closed', { ...dp, status: 'lost' }));
    await h.drain();

    const reversals = h.stripe.calls.filter(
      (c) => c.method === 'POST' && c.path === `/v1/transfers/${transfer!.id}/reversals`,
    );
    expect(reversals).toHaveLength(1);
    expect(reversals[0]!.params).toMatchObject({ amount: '10500' });
    expect(reversals[0]!.idempotencyKey).toBe(`order:${o.orderId}:reverse:${transfer!.id}:10500`);
    expect(transfer).toMatchObject({ amount_reversed: 10_500, reversed: true });
    const reversal = [
      ['reversal', 'seller_paid', -10_500],
      ['reversal', 'platform_fees', 10_500],
    ];
    expect((await d.postings(o.orderId)).filter(([k]) => k === 'reversal')).toEqual(reversal);
    // Stripe's own `transfer.reversed` for that reversal books nothing more.
    expect((await h.deliver(stripeEvent('transfer.reversed', transfer!))).status).toBe(200);
    await h.drain();
    expect((await d.postings(o.orderId)).filter(([k]) => k === 'reversal')).toEqual(reversal);
    expect(await sellerPaid(o.orderId)).toBe(0);
    expect(await sellerPayable(o.orderId)).toBe(0);
  });

  it('scenario 6: a transfer reversed in the dashboard is owed to the seller again (transfer.reversed, cumulative, once per level)', async () => {
    const o = await shippedTenDaysAgo();
    await h.makeDue(o.orderId, 'auto_release');
    await h.drain();
    const [transfer] = transfersOf(o.orderId);
    expect(await sellerPaid(o.orderId)).toBe(10_500);
    expect(await sellerPayable(o.orderId)).toBe(0);

    Object.assign(transfer!, { amount_reversed: 4_000 });
    await h.deliver(stripeEvent('transfer.reversed', { ...transfer! }));
    await h.deliver(stripeEvent('transfer.reversed', { ...transfer! })); // another delivery
    Object.assign(transfer!, { amount_reversed: 10_500, reversed: true });
    await h.deliver(stripeEvent('transfer.reversed', { ...transfer! }));
    await h.drain();

    expect((await d.postings(o.orderId)).filter(([k]) => k === 'reversal')).toEqual([
      ['reversal', 'seller_paid', -4_000],
      ['reversal', 'seller_payable', 4_000],
      ['reversal', 'seller_paid', -6_500],
      ['reversal', 'seller_payable', 6_500],
    ]);
    expect(await sellerPaid(o.orderId)).toBe(0);
    expect(await sellerPayable(o.orderId)).toBe(10_500);
  });

  it('a partial refund in Stripe mode refunds exactly that amount with its own key; the webhook changes nothing more', async () => {
    const o = await h.paidStripeOrder();
    await onboard(o.seller);
    await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true });
    const dispute = (
      await d.open(o.buyer, o.orderId, { wanted: { kind: 'partial_refund', amountCents: 2_500 } })
    ).body;
    expect((await d.respond(o.seller, dispute.id, { kind: 'accept', message: 'OK' })).status).toBe(
      200,
    );
    await h.drain();

    const calls = h.stripe
      .callsTo('POST', '/v1/refunds')
      .filter((c) => c.params.payment_intent === o.paymentId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      idempotencyKey: `order:${o.orderId}:refund:dispute:${dispute.id}`,
    });
    expect(Number(calls[0]!.params.amount)).toBe(2_500);
    const split = splitPartialRefund(
      {
        itemCents: 10_000,
        postageCents: 500,
        feeCents: 263,
        totalCents: 10_763,
        sellerReceivesCents: 10_500,
      },
      2_500,
    );
    expect(transfersOf(o.orderId)).toEqual([
      expect.objectContaining({ amount: split.sellerCents }),
    ]);

    const pi = h.stripe.paymentIntents.get(o.paymentId)!;
    const charge = h.stripe.charges.get(pi.latest_charge as string)!;
    await h.deliver(stripeEvent('charge.refunded', { ...charge, metadata: {} }));
    await h.drain();
    expect(await h.orderRow(o.orderId)).toMatchObject({
      status: 'completed',
      refunded_cents: 2_500,
    });
  });
});
