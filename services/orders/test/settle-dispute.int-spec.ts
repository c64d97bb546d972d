import { type OrderView } from '@loadout/contracts';
import { splitPartialRefund } from '../src/disputes/domain/partial-refund';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type RefundInput,
} from '../src/payments/payment-provider.port';
import { disputeSteps } from './support/dispute-steps';
import { paidOrder, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

/**
 * Settling disputes (issue 24): the seller's answer, the buyer's acceptance, escalation at the
 * deadline and the admin's decision. Every outcome moves money only through the ledger, with
 * the state change, once; the harness checks Σ = 0 per order and held = open after each test.
 */
describe('settling a dispute', () => {
  const h = useOrdersHarness('settle_dispute');
  const d = disputeSteps(h);
  const refunds: RefundInput[] = [];

  beforeAll(() => {
    const provider = h.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const refund = provider.refund.bind(provider);
    provider.refund = (input) => {
      refunds.push(input);
      return refund(input);
    };
  });

  const onboard = (seller: { token: string }) =>
    h.call('/api/v1/payouts/onboarding', { method: 'POST', token: seller.token });
  const amountsOf = async (user: { token: string }, orderId: string) =>
    ((await h.order(user as never, orderId)).body as OrderView).amounts;

  it('seller proposes a partial refund, buyer accepts: refund + release of the rest, to the cent, once', async () => {
    const { seller, buyer, orderId, listing } = await shippedOrder(h);
    await onboard(seller);
    const a = await amountsOf(buyer, orderId);
    const dispute = (await d.open(buyer, orderId, { reason: 'damaged' })).body;

    const proposal = Math.round(a.totalCents / 3);
    const proposed = await d.respond(seller, dispute.id, {
      kind: 'propose_partial',
      amountCents: proposal,
      message: 'Sorry about the scratch, a third back?',
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({
      status: 'responded',
      response: { kind: 'propose_partial', amountCents: proposal },
    });
    expect((await h.order(buyer, orderId)).body.status).toBe('disputed');

    const accepted = await d.acceptProposal(buyer, dispute.id, 'accept-1');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'resolved',
      outcome: { kind: 'partial_refund', refundCents: proposal, decidedBy: 'buyer' },
    });
    // The same key again: the first answer, nothing moves twice.
    const replay = await d.acceptProposal(buyer, dispute.id, 'accept-1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await d.acceptProposal(buyer, dispute.id)).status).toBe(409);
    await h.drain();

    const split = splitPartialRefund(a, proposal);
    expect(await d.postings(orderId)).toEqual([
      ['payment', 'buyer_payments', -a.totalCents],
      ['payment', 'escrow_held', a.totalCents],
      // Asked: pending until the processor confirms (ADR 0042).
      ['refund', 'escrow_held', -proposal],
      ['refund', 'refund_pending', proposal],
      ['release', 'escrow_held', -(a.totalCents - proposal)],
      ['release', 'seller_payable', split.sellerCents],
      ['release', 'platform_fees', split.platformFeeCents],
      // The reduced share, booked when it was transferred (issue 23 scenario 6).
      ['transfer', 'seller_payable', -split.sellerCents],
      ['transfer', 'seller_paid', split.sellerCents],
      // The simulated processor's refund.succeeded confirmed it.
      ['refund_confirmed', 'refund_pending', -proposal],
      ['refund_confirmed', 'refunds', proposal],
    ]);
    expect(h.transfers.filter((t) => t.orderId === orderId)).toEqual([
      expect.objectContaining({
        amountCents: split.sellerCents,
        idempotencyKey: `order:${orderId}:release`,
      }),
    ]);
    expect(refunds.filter((r) => r.orderId === orderId)).toEqual([
      expect.objectContaining({
        amountCents: proposal,
        exact: true,
        idempotencyKey: `order:${orderId}:refund:dispute:${dispute.id}`,
      }),
    ]);
    const order = (await h.order(seller, orderId)).body;
    expect(order.status).toBe('completed');
    // Both dashboards read the settlement to the cent (ADR 0037).
    expect(order.settlement).toEqual({
      refundedCents: proposal,
      sellerNetCents: split.sellerCents,
    });
    expect((await h.order(buyer, orderId)).body.settlement).toEqual(order.settlement);
    expect(listing.status).toBe('sold');
    // The seller's dashboard shows what was released: less their share of the refund.
    const account = await h.call<{ heldCents: number; releasedCents: number }>(
      '/api/v1/payouts/account',
      { token: seller.token },
    );
    expect(account.body).toMatchObject({ heldCents: 0, releasedCents: split.sellerCents });
    expect(await h.topics(orderId)).toEqual(
      expect.arrayContaining(['orders.order.refunded.v1', 'orders.order.completed.v1']),
    );
    const disputeTopics = (await h.ds.query(
      `SELECT topic FROM orders.outbox WHERE aggregate_id = $1 ORDER BY seq`,
      [dispute.id],
    )) as { topic: string }[];
    expect(disputeTopics.map((t) => t.topic)).toEqual([
      'orders.dispute.opened.v1',
      'orders.dispute.responded.v1',
      'orders.dispute.resolved.v1',
    ]);
  });

  it('seller accepts a full refund of a paid order: all back, fee included, listing free again', async () => {
    const { seller, buyer, orderId, listing } = await paidOrder(h);
    const a = await amountsOf(buyer, orderId);
    const dispute = (await d.open(buyer, orderId, { reason: 'other' })).body;
    const res = await d.respond(seller, dispute.id, {
      kind: 'accept',
      message: 'Fine, I cannot ship it.',
    });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toMatchObject({
      kind: 'full_refund',
      refundCents: a.totalCents,
      decidedBy: 'seller',
    });
    await h.drain();
    expect((await h.order(buyer, orderId)).body.status).toBe('refunded');
    expect((await d.postings(orderId)).slice(2)).toEqual([
      ['refund', 'escrow_held', -a.totalCents],
      ['refund', 'refund_pending', a.totalCents],
      ['refund_confirmed', 'refund_pending', -a.totalCents],
      ['refund_confirmed', 'refunds', a.totalCents],
    ]);
    expect(listing.status).toBe('active');
    expect(h.transfers.filter((t) => t.orderId === orderId)).toEqual([]);
  });

  it('return and refund: back to the seller first, then the full refund; the listing is for sale again', async () => {
    const { seller, buyer, orderId, listing } = await shippedOrder(h);
    const a = await amountsOf(buyer, orderId);
    const dispute = (
      await d.open(buyer, orderId, {
        reason: 'not_as_described',
        wanted: { kind: 'return_and_refund' },
      })
    ).body;
    const accepted = await d.respond(seller, dispute.id, {
      kind: 'accept',
      message: 'Send it back, please.',
    });
    expect(accepted.body).toMatchObject({ status: 'awaiting_return', outcome: null });
    // Nothing is refunded before the item is back.
    expect((await d.returnReceived(seller, dispute.id)).status).toBe(409);
    expect((await d.returnShipped(seller, dispute.id)).status).toBe(403);
    expect((await d.returnShipped(buyer, dispute.id)).body.status).toBe('return_shipped');
    expect((await d.returnReceived(buyer, dispute.id)).status).toBe(403);
    expect((await d.postings(orderId)).filter(([k]) => k === 'refund')).toEqual([]);

    const received = await d.returnReceived(seller, dispute.id, 'received-1');
    expect(received.body).toMatchObject({
      status: 'resolved',
      outcome: { kind: 'full_refund', refundCents: a.totalCents },
    });
    await h.drain();
    expect((await h.order(buyer, orderId)).body.status).toBe('refunded');
    expect((await d.postings(orderId)).filter(([k]) => k === 'refund')).toEqual([
      ['refund', 'escrow_held', -a.totalCents],
      ['refund', 'refund_pending', a.totalCents],
    ]);
    expect(refunds.filter((r) => r.orderId === orderId)).toHaveLength(1);
    expect(listing.status).toBe('active');
    const [refunded] = (await h.ds.query(
      `SELECT envelope->'payload'->>'relist' AS relist FROM orders.outbox
        WHERE aggregate_id = $1 AND topic = 'orders.order.refunded.v1' ORDER BY seq LIMIT 1`,
      [orderId],
    )) as { relist: string }[];
    expect(refunded!.relist).toBe('true');
  });

  it('return and refund: the seller never confirms receipt, the buyer is refunded at the deadline', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    const dispute = (await d.open(buyer, orderId, { wanted: { kind: 'return_and_refund' } })).body;
    await d.respond(seller, dispute.id, { kind: 'accept', message: 'OK' });
    await d.returnShipped(buyer, dispute.id);
    await h.drain();
    expect((await d.view(buyer, dispute.id)).body.status).toBe('return_shipped');
    await h.ds.query(
      `UPDATE orders.disputes SET respond_by = now() - interval '1 second' WHERE id = $1`,
      [dispute.id],
    );
    await h.makeDue(orderId, 'dispute_escalate');
    await h.drain();
    expect((await d.view(buyer, dispute.id)).body).toMatchObject({
      status: 'resolved',
      outcome: { kind: 'full_refund', decidedBy: 'system' },
    });
    expect((await h.order(buyer, orderId)).body.status).toBe('refunded');
  });

  it('seller contests, admin decides each outcome with a statement; each leaves the ledger balanced', async () => {
    const admin = await h.user(['admin']);
    for (const decision of [
      { outcome: 'release', statement: 'Tracking shows it was delivered.' },
      { outcome: 'full_refund', statement: 'The item is counterfeit.' },
      {
        outcome: 'partial_refund',
        amountCents: 1_001,
        // The longest statement allowed (2,000 characters): kept whole, no 5xx.
        statement: `Scratched. ${'x'.repeat(1_989)}`,
      },
    ] as const) {
      const { seller, buyer, orderId } = await shippedOrder(h);
      await onboard(seller);
      const dispute = (await d.open(buyer, orderId, { reason: 'not_as_described' })).body;
      // Not escalated yet: admins wait for the seller (or the deadline).
      expect((await d.decide(admin, dispute.id, decision)).status).toBe(409);
      const contested = await d.respond(seller, dispute.id, {
        kind: 'contest',
        message: 'It was as described.',
      });
      expect(contested.body.status).toBe('escalated');
      // Only admins decide; a party is refused by role, a statement is required.
      expect((await d.decide(buyer, dispute.id, decision)).status).toBe(403);
      expect((await d.decide(seller, dispute.id, decision)).status).toBe(403);
      expect((await d.decide(admin, dispute.id, { ...decision, statement: '  ' })).status).toBe(
        400,
      );

      const decided = await d.decide(admin, dispute.id, decision, `decide-${dispute.id}`);
      expect(decided.status).toBe(200);
      expect(decided.body).toMatchObject({
        status: 'resolved',
        outcome: { kind: decision.outcome, decidedBy: 'admin', statement: decision.statement },
      });
      expect(decided.body.messages?.at(-1)).toMatchObject({
        authorRole: 'admin',
        body: expect.stringContaining(decision.statement),
      });
      await h.drain();

      const a = await amountsOf(buyer, orderId);
      const order = (await h.order(buyer, orderId)).body;
      const sum = (await d.postings(orderId)).reduce((s, [, , c]) => s + (c as number), 0);
      expect(sum).toBe(0);
      const transfers = h.transfers.filter((t) => t.orderId === orderId);
      if (decision.outcome === 'release') {
        expect(order.status).toBe('completed');
        expect(transfers).toEqual([
          expect.objectContaining({ amountCents: a.sellerReceivesCents }),
        ]);
      } else if (decision.outcome === 'full_refund') {
        expect(order.status).toBe('refunded');
        expect(transfers).toEqual([]);
      } else {
        expect(order.status).toBe('completed');
        expect(transfers).toEqual([
          expect.objectContaining({ amountCents: splitPartialRefund(a, 1_001).sellerCents }),
        ]);
      }
      const [resolved] = (await h.ds.query(
        `SELECT envelope->'payload' AS p FROM orders.outbox WHERE aggregate_id = $1 AND topic = 'orders.dispute.resolved.v1'`,
        [dispute.id],
      )) as { p: Record<string, unknown> }[];
      expect(resolved!.p).toMatchObject({
        outcome: decision.outcome,
        statement: decision.statement,
        buyerId: buyer.id,
        sellerId: seller.id,
      });
      // Decided once: a second decision is refused.
      expect(
        (await d.decide(admin, dispute.id, { outcome: 'release', statement: 'Again' })).status,
      ).toBe(409);
    }
  });

  it('escalates to admins when the seller lets the 3 days pass', async () => {
    const { buyer, orderId } = await shippedOrder(h);
    const dispute = (await d.open(buyer, orderId)).body;
    await h.drain();
    expect((await d.view(buyer, dispute.id)).body.status).toBe('open');
    await h.makeDue(orderId, 'dispute_escalate');
    // The job is due but the dispute's own deadline is what counts: move it too.
    await h.ds.query(
      `UPDATE orders.disputes SET respond_by = now() - interval '1 second' WHERE id = $1`,
      [dispute.id],
    );
    await h.drain();
    const view = (await d.view(buyer, dispute.id)).body;
    expect(view).toMatchObject({ status: 'escalated', respondBy: null });
    const [event] = (await h.ds.query(
      `SELECT envelope->'payload'->>'why' AS why FROM orders.outbox WHERE aggregate_id = $1 AND topic = 'orders.dispute.escalated.v1'`,
      [dispute.id],
    )) as { why: string }[];
    expect(event!.why).toBe('deadline_passed');
    expect((await h.order(buyer, orderId)).body.status).toBe('disputed');
  });

  it('a proposal the buyer leaves for 3 days escalates too; a responded dispute can still be withdrawn', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    const dispute = (await d.open(buyer, orderId)).body;
    await d.respond(seller, dispute.id, {
      kind: 'propose_partial',
      amountCents: 100,
      message: '€1?',
    });
    await h.ds.query(
      `UPDATE orders.disputes SET respond_by = now() - interval '1 second' WHERE id = $1`,
      [dispute.id],
    );
    await h.makeDue(orderId, 'dispute_escalate');
    await h.drain();
    expect((await d.view(buyer, dispute.id)).body.status).toBe('escalated');
    expect((await d.acceptProposal(buyer, dispute.id)).status).toBe(409);
    expect((await d.withdraw(buyer, dispute.id)).body.status).toBe('withdrawn');
    expect((await h.order(buyer, orderId)).body.status).toBe('shipped');
  });

  it('the thread and the dispute are for its parties and admins; strangers get 404', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    const stranger = await h.user();
    const admin = await h.user(['admin']);
    const dispute = (await d.open(buyer, orderId)).body;
    expect((await d.message(buyer, dispute.id, 'Tracking has not moved.')).status).toBe(201);
    expect((await d.message(seller, dispute.id, 'I posted it on Monday.')).status).toBe(201);
    const byAdmin = await d.message(admin, dispute.id, 'Please upload the receipt.');
    expect(byAdmin.body.messages?.map((m) => m.authorRole)).toEqual(['buyer', 'seller', 'admin']);
    for (const res of [
      await d.view(stranger, dispute.id),
      await d.message(stranger, dispute.id, 'hi'),
      await d.respond(stranger, dispute.id, { kind: 'accept', message: 'x' }),
      await d.acceptProposal(stranger, dispute.id),
      await d.withdraw(stranger, dispute.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'DISPUTES.NOT_FOUND' });
    }
    expect((await d.view(admin, dispute.id)).status).toBe(200);
    // The parties' roles: the buyer cannot answer for the seller, nor the seller withdraw.
    expect((await d.respond(buyer, dispute.id, { kind: 'accept', message: 'x' })).status).toBe(403);
    expect((await d.withdraw(seller, dispute.id)).status).toBe(403);
    expect((await d.message(buyer, dispute.id, '   ')).status).toBe(400);

    const mine = await h.call<{ items: { id: string }[] }>('/api/v1/disputes', {
      token: seller.token,
    });
    expect(mine.body.items.map((x) => x.id)).toContain(dispute.id);
    const asBuyer = await h.call<{ items: { id: string }[] }>('/api/v1/disputes?role=buyer', {
      token: seller.token,
    });
    expect(asBuyer.body.items.map((x) => x.id)).not.toContain(dispute.id);
    const theirs = await h.call<{ items: unknown[] }>('/api/v1/disputes', {
      token: stranger.token,
    });
    expect(theirs.body.items).toEqual([]);
    expect((await h.call('/api/v1/disputes?role=admin', { token: seller.token })).status).toBe(400);
    expect((await h.call('/api/v1/disputes')).status).toBe(401);

    await d.withdraw(buyer, dispute.id);
    expect((await d.message(buyer, dispute.id, 'Thanks')).status).toBe(409);
  });
});
