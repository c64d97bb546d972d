import {
  ORDER_ACTORS,
  ORDER_STATUSES,
  type OrderActor,
  type OrderStatus,
  listingOutcomeOf,
} from '@loadout/contracts';
import { DEFAULT_DEADLINE_RULES as RULES } from './deadlines';
import { sumCents } from './ledger';
import { orderAmounts } from './money';
import {
  MAX_REFUND_FAILURES,
  Order,
  refundRetryDelayMs,
  type OrderChange,
  type OrderProps,
} from './order';
import { canTransition, type OrderCommand } from './order-state';
import { OrderDomainError } from './order.errors';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const DAY = 24 * 3600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
// €120 item + €8 postage + €3.20 fee = €131.20
const AMOUNTS = orderAmounts({ itemCents: 12_000, postageCents: 800 });

function created(): OrderChange {
  return Order.create(
    {
      id: 'ord_1',
      listingId: 'lst_1',
      buyerId: 'buyer',
      sellerId: 'seller',
      delivery: 'post',
      amounts: AMOUNTS,
      listingTitle: 'Tokyo Marui MWS',
      listingPhotoUrl: null,
      sellerDisplayName: 'Seller',
      sellerType: 'private',
      deliveryAddress: {
        name: 'Aoife Byrne',
        line1: '12 Main Street',
        line2: null,
        town: 'Athlone',
        county: 'Westmeath',
        eircode: 'N37 X2C4',
        phone: null,
      },
      collectionCounty: 'Kildare',
    },
    NOW,
    RULES,
  );
}

/** An order as stored in `status` (with what that state implies), plus overrides. */
function orderIn(status: OrderStatus, over: Partial<OrderProps> = {}): Order {
  const base = created().order.props;
  const paid = status !== 'pending_payment' && status !== 'expired';
  return Order.restore({
    ...base,
    status,
    paymentId: paid ? 'pi_1' : null,
    chargeId: paid ? 'ch_1' : null,
    paidAt: paid ? NOW : null,
    shippedAt: ['shipped', 'completed'].includes(status) ? NOW : null,
    autoReleaseAt: status === 'shipped' ? at(14 * DAY) : null,
    ...over,
  });
}

/** The domain refusal `fn` throws (fails the test when it throws nothing or something else). */
const refusal = (fn: () => unknown): OrderDomainError => {
  expect(fn).toThrow(OrderDomainError);
  return (() => {
    try {
      return fn() as never;
    } catch (err) {
      return err as OrderDomainError;
    }
  })();
};

const balanced = (c: OrderChange) => c.ledger.every((e) => sumCents(e.postings) === 0);
const postings = (c: OrderChange) =>
  c.ledger.map((e) => [e.kind, e.postings.map((p) => [p.account, p.amountCents])]);
const topics = (c: OrderChange | null) => c?.events.map((e) => e.type) ?? [];

/** Transitions a user or the worker asks for, with the state-table command each one is. */
const COMMANDED: {
  name: string;
  command: (actor: OrderActor) => OrderCommand;
  run: (o: Order, actor: OrderActor) => Order | OrderChange;
  to: OrderStatus;
}[] = [
  {
    name: 'beginPayment',
    command: () => 'pay',
    run: (o, a) => o.beginPayment(a, NOW).order,
    to: 'pending_payment',
  },
  {
    name: 'ship',
    command: () => 'ship',
    run: (o, a) =>
      o.ship(
        a,
        { carrier: 'An Post', trackingNumber: 'CX1', handedOverInPerson: false },
        NOW,
        RULES,
      ),
    to: 'shipped',
  },
  {
    name: 'release',
    command: (a) => (a === 'system' ? 'auto_release' : 'confirm_delivery'),
    run: (o, a) => o.release(a, NOW),
    to: 'completed',
  },
  {
    name: 'cancel',
    command: (a) => (a === 'system' ? 'cancel_unshipped' : 'cancel'),
    run: (o, a) => o.cancel(a, 'reason', NOW),
    to: 'cancelled',
  },
  { name: 'expire', command: () => 'expire', run: (o) => o.expire(NOW), to: 'expired' },
  {
    name: 'adminRefund',
    command: () => 'refund',
    run: (o) => o.adminRefund('why', NOW),
    to: 'refunded',
  },
];

describe('Order aggregate', () => {
  describe('every commanded transition × actor × state follows the state table', () => {
    for (const t of COMMANDED)
      for (const status of ORDER_STATUSES)
        for (const actor of ORDER_ACTORS) {
          // expire and adminRefund name their actor themselves (system, admin).
          const as: OrderActor =
            t.name === 'expire' ? 'system' : t.name === 'adminRefund' ? 'admin' : actor;
          if (as !== actor) continue;
          const allowed = canTransition(status, t.command(actor), actor);
          it(`${t.name} by ${actor} from ${status}: ${allowed ? t.to : 'refused'}`, () => {
            const order = orderIn(status);
            if (!allowed) {
              const err = refusal(() => t.run(order, actor));
              expect(['ORDERS.NOT_ALLOWED', 'ORDERS.ILLEGAL_TRANSITION']).toContain(err.code);
              expect(order.status).toBe(status); // nothing changed
              return;
            }
            const out = t.run(order, actor);
            const next = out instanceof Order ? out : out.order;
            expect(next.status).toBe(t.to);
            expect(order.status).toBe(status); // the old instance is untouched
            if (!(out instanceof Order)) {
              expect(balanced(out)).toBe(true);
              expect(out.timeline.map((e) => e.status)).toEqual([t.to]);
            }
          });
        }
  });

  it('refuses a stranger-role before looking at the state (actor check first)', () => {
    const err = refusal(() => orderIn('completed').ship('buyer', {} as never, NOW, RULES));
    expect(err.code).toBe('ORDERS.NOT_ALLOWED');
    expect(err.message).toBe('Only the seller can mark this order as shipped.');
  });

  it('creates pending_payment with its pay-by deadline and created event', () => {
    const c = created();
    expect(c.isNew).toBe(true);
    expect(c.order.status).toBe('pending_payment');
    expect(c.order.props.payBy).toEqual(at(30 * 60_000));
    expect(c.jobs).toEqual([
      { drop: [], add: [{ kind: 'expire_unpaid', dueAt: at(30 * 60_000) }] },
    ]);
    expect(c.events).toEqual([
      { type: 'orders.order.created.v1', extra: { payBy: at(30 * 60_000).toISOString() } },
    ]);
    expect(c.timeline).toEqual([
      { status: 'pending_payment', actor: 'buyer', note: null, at: NOW },
    ]);
  });

  describe('payment', () => {
    it('names the idempotency key by attempt and hands back the open payment to resume', () => {
      const first = orderIn('pending_payment').beginPayment('buyer', NOW);
      expect(first).toMatchObject({ idempotencyKey: 'order:ord_1:pay', open: null, attempt: 1 });
      const started = first.order.paymentStarted(1, { paymentId: 'pi_1', failure: null }, NOW)
        .change.order;
      expect(started.beginPayment('buyer', NOW)).toMatchObject({
        idempotencyKey: 'order:ord_1:pay:2',
        open: { paymentId: 'pi_1', failed: false },
      });
      const failed = started.paymentFailed(
        { paymentId: 'pi_1', failureCode: 'card_declined', failureMessage: 'Declined.' },
        NOW,
      )!.order;
      expect(failed.beginPayment('buyer', NOW).open).toEqual({ paymentId: 'pi_1', failed: true });
    });

    it('a payment that replaces an earlier one cancels the earlier', () => {
      const o = orderIn('pending_payment', {
        paymentId: 'pi_1',
        lastPaymentErrorCode: 'x',
        paymentAttempts: 2,
      });
      const c = o.paymentStarted(2, { paymentId: 'pi_2', failure: null }, NOW).change;
      expect(c.jobs).toEqual([
        { drop: [], add: [{ kind: 'cancel_payment', dueAt: NOW, ref: 'pi_1' }] },
      ]);
      expect(o.paymentStarted(2, { paymentId: 'pi_1', failure: null }, NOW).change.jobs).toEqual(
        [],
      );
    });

    describe('scenario 6: transfers are booked when made, reversals when they happen', () => {
      const posted = (c: OrderChange | null) =>
        c!.ledger.flatMap((e) => e.postings.map((p) => [e.kind, e.ref, p.account, p.amountCents]));

      it('a transfer moves what is owed to paid, once per transfer id', () => {
        const c = orderIn('completed').transferred('tr_1', 12_800, NOW);
        expect(posted(c)).toEqual([
          ['transfer', 'tr_1', 'seller_payable', -12_800],
          ['transfer', 'tr_1', 'seller_paid', 12_800],
        ]);
        expect(c.jobs).toEqual([]);
      });

      it('a transfer made after a lost chargeback is reversed at once', () => {
        const c = orderIn('completed', { chargebackStatus: 'lost' }).transferred('tr_1', 1, NOW);
        expect(c.jobs).toEqual([
          { drop: [], add: [{ kind: 'reverse_transfer', dueAt: NOW, ref: 'tr_1' }] },
        ]);
      });

      it('a reversal books the new part of its cumulative amount: owed again, or the platform’s after a lost chargeback', () => {
        const o = orderIn('completed');
        const t = { transferId: 'tr_1', reversedCents: 5_000, alreadyCents: 2_000 };
        expect(posted(o.transferReversed(t, NOW))).toEqual([
          ['reversal', 'tr_1:5000', 'seller_paid', -3_000],
          ['reversal', 'tr_1:5000', 'seller_payable', 3_000],
        ]);
        const lost = orderIn('completed', { chargebackStatus: 'lost' });
        expect(posted(lost.transferReversed(t, NOW))).toEqual([
          ['reversal', 'tr_1:5000', 'seller_paid', -3_000],
          ['reversal', 'tr_1:5000', 'platform_fees', 3_000],
        ]);
        expect(o.transferReversed({ ...t, alreadyCents: 5_000 }, NOW)).toBeNull();
      });

      it('a lost chargeback after the release reverses the transfer; before it, the share is withheld', () => {
        const o = orderIn('completed', { chargebackStatus: 'open' });
        const lost = o.chargebackClosed(
          { won: false, amountCents: 13_120, feeCents: 2_000, ref: 'dp_1' },
          NOW,
        )!;
        expect(lost.jobs).toEqual([
          { drop: [], add: [{ kind: 'reverse_transfer', dueAt: NOW, ref: 'chargeback:dp_1' }] },
        ]);
        expect(posted(lost.order.transferWithheld(12_800))).toEqual([
          ['withheld', 'chargeback', 'seller_payable', -12_800],
          ['withheld', 'chargeback', 'platform_fees', 12_800],
        ]);
        expect(orderIn('completed').transferWithheld(12_800)).toBeNull();
      });
    });

    describe('scenario 5: the processor is asked between two transactions', () => {
      it('refuses a second pay while an attempt is in flight, for two minutes at most', () => {
        const begun = orderIn('pending_payment').beginPayment('buyer', NOW).order;
        expect(begun.props).toMatchObject({ paymentAttempts: 1, paymentStartedAt: NOW });
        expect(() => begun.beginPayment('buyer', at(119_000))).toThrow(
          expect.objectContaining({ code: 'ORDERS.PAYMENT_IN_PROGRESS' }),
        );
        // A call in flight for two minutes belongs to a request that died: taken over.
        expect(begun.beginPayment('buyer', at(120_000))).toMatchObject({
          attempt: 2,
          idempotencyKey: 'order:ord_1:pay:2',
        });
      });

      it('records the answer and clears the in-flight mark', () => {
        const begun = orderIn('pending_payment').beginPayment('buyer', NOW).order;
        const { change, stale } = begun.paymentStarted(
          1,
          { paymentId: 'pi_1', failure: null },
          NOW,
        );
        expect(stale).toBe(false);
        expect(change.order.props).toMatchObject({ paymentId: 'pi_1', paymentStartedAt: null });
        expect(change.order.beginPayment('buyer', NOW).attempt).toBe(2);
      });

      it('an answer for an order cancelled meanwhile is stale: its payment is cancelled', () => {
        const begun = orderIn('pending_payment').beginPayment('buyer', NOW).order;
        const cancelled = begun.cancel('buyer', 'changed my mind', NOW).order;
        const { change, stale } = cancelled.paymentStarted(
          1,
          { paymentId: 'pi_9', failure: null },
          NOW,
        );
        expect(stale).toBe(true);
        expect(change.order.props).toMatchObject({ status: 'cancelled', paymentId: null });
        expect(change.jobs).toEqual([
          { drop: [], add: [{ kind: 'cancel_payment', dueAt: NOW, ref: 'pi_9' }] },
        ]);
        expect(change.ledger).toEqual([]);
      });

      it('an answer overtaken by a later attempt is stale and cancelled; the later one stays', () => {
        const o = orderIn('pending_payment', { paymentAttempts: 3, paymentStartedAt: NOW });
        const { change, stale } = o.paymentStarted(2, { paymentId: 'pi_old', failure: null }, NOW);
        expect(stale).toBe(true);
        expect(change.order.props.paymentStartedAt).toEqual(NOW);
        expect(change.jobs[0]!.add).toEqual([
          { kind: 'cancel_payment', dueAt: NOW, ref: 'pi_old' },
        ]);
      });

      it('an answer whose payment event was applied first is not stale and cancels nothing', () => {
        const paid = orderIn('paid', {
          paymentId: 'pi_1',
          paymentAttempts: 1,
          paymentStartedAt: NOW,
        });
        const { change, stale } = paid.paymentStarted(1, { paymentId: 'pi_1', failure: null }, NOW);
        expect(stale).toBe(false);
        expect(change.jobs).toEqual([]);
        expect(change.order.props).toMatchObject({ status: 'paid', paymentStartedAt: null });
      });

      it('a failed call frees the attempt at once', () => {
        const begun = orderIn('pending_payment').beginPayment('buyer', NOW).order;
        const freed = begun.paymentCallFailed(1)!.order;
        expect(freed.props.paymentStartedAt).toBeNull();
        expect(freed.beginPayment('buyer', NOW).attempt).toBe(2);
        expect(freed.paymentCallFailed(1)).toBeNull();
      });
    });

    it('ignores a late failure of an older attempt', () => {
      const o = orderIn('pending_payment', { paymentId: 'pi_2' });
      expect(
        o.paymentFailed({ paymentId: 'pi_1', failureCode: 'x', failureMessage: 'x' }, NOW),
      ).toBeNull();
      expect(
        orderIn('paid').paymentFailed(
          { paymentId: 'pi_1', failureCode: 'x', failureMessage: 'x' },
          NOW,
        ),
      ).toBeNull();
    });

    it('a success holds the whole total in escrow and sets the ship-by deadline', () => {
      const c = orderIn('pending_payment').paymentSucceeded(
        { paymentId: 'pi_9', amountCents: 13_120 },
        NOW,
        RULES,
      )!;
      expect(c.order.status).toBe('paid');
      expect(c.order.props.chargeId).toBe('pi_9');
      expect(postings(c)).toEqual([
        [
          'payment',
          [
            ['buyer_payments', -13_120],
            ['escrow_held', 13_120],
          ],
        ],
      ]);
      expect(c.jobs).toEqual([
        { drop: ['expire_unpaid'], add: [{ kind: 'ship_by', dueAt: at(7 * DAY) }] },
      ]);
      expect(topics(c)).toEqual(['orders.order.paid.v1']);
    });

    it.each(['cancelled', 'expired'] as const)(
      'a success after the order was %s is booked and refunded at once, once',
      (status) => {
        const c = orderIn(status, { paymentId: null, chargeId: null }).paymentSucceeded(
          { paymentId: 'pi_9', chargeId: 'ch_9', amountCents: 13_120 },
          NOW,
          RULES,
        )!;
        expect(c.order.status).toBe(status);
        expect(postings(c).map((p) => p[0])).toEqual(['payment', 'refund']);
        expect(c.jobs).toEqual([{ drop: [], add: [{ kind: 'refund_payment', dueAt: NOW }] }]);
        expect(topics(c)).toEqual([]);
        expect(
          c.order.paymentSucceeded({ paymentId: 'pi_9', amountCents: 13_120 }, NOW, RULES),
        ).toBeNull();
      },
    );

    it.each([
      'paid',
      'shipped',
      'completed',
      'refunded',
      'partially_refunded',
      'disputed',
    ] as const)(
      'scenario 2: on a %s order a repeat of its payment changes nothing; another success is refunded',
      (status) => {
        const o = orderIn(status);
        expect(
          o.paymentSucceeded({ paymentId: 'pi_1', amountCents: 13_120 }, NOW, RULES),
        ).toBeNull();
        const stray = o.paymentSucceeded({ paymentId: 'pi_2', amountCents: 13_120 }, NOW, RULES)!;
        expect(stray.order.status).toBe(status);
        expect(postings(stray)).toEqual([
          [
            'stray_payment',
            [
              ['buyer_payments', -13_120],
              ['refunds', 13_120],
            ],
          ],
        ]);
        expect(stray.ledger[0]!.ref).toBe('pi_2');
        expect(stray.jobs[0]!.add).toEqual([
          {
            kind: 'refund_stray_payment',
            dueAt: NOW,
            ref: 'pi_2',
            payload: { amountCents: 13_120 },
          },
        ]);
      },
    );

    it('scenario 2: another amount than the total does not pay the order', () => {
      const c = orderIn('pending_payment', { paymentId: 'pi_1' }).paymentSucceeded(
        { paymentId: 'pi_1', amountCents: 500 },
        NOW,
        RULES,
      )!;
      expect(c.order.status).toBe('pending_payment');
      expect(postings(c)).toEqual([
        [
          'stray_payment',
          [
            ['buyer_payments', -500],
            ['refunds', 500],
          ],
        ],
      ]);
    });

    it('a success from an earlier attempt pays the order and cancels the later one', () => {
      const c = orderIn('pending_payment', { paymentId: 'pi_2' }).paymentSucceeded(
        { paymentId: 'pi_1', amountCents: 13_120 },
        NOW,
        RULES,
      )!;
      expect(c.order.props.paymentId).toBe('pi_1');
      expect(c.jobs[0]!.add).toContainEqual({ kind: 'cancel_payment', dueAt: NOW, ref: 'pi_2' });
    });

    it.each(['cancel', 'expire'] as const)(
      '%s of a pending order cancels its open attempt',
      (how) => {
        const o = orderIn('pending_payment', { paymentId: 'pi_1' });
        const c = how === 'cancel' ? o.cancel('buyer', null, NOW) : o.expire(NOW);
        expect(c.jobs[0]!.add).toContainEqual({ kind: 'cancel_payment', dueAt: NOW, ref: 'pi_1' });
      },
    );

    it("ignores the refund of a payment that is not the order's", () => {
      expect(
        orderIn('paid').refundReported({ paymentId: 'pi_2', amountCents: 13_120 }, NOW, RULES),
      ).toEqual({ change: null, notHeld: false });
    });
  });

  it('ship schedules the reminders and the automatic release, and drops ship-by', () => {
    const c = orderIn('paid').ship(
      'seller',
      { carrier: 'An Post', trackingNumber: 'CX1', handedOverInPerson: false },
      NOW,
      RULES,
    );
    expect(c.order.props).toMatchObject({
      carrier: 'An Post',
      shippedAt: NOW,
      autoReleaseAt: at(14 * DAY),
    });
    expect(c.jobs).toEqual([
      {
        drop: ['ship_by'],
        add: [
          { kind: 'release_reminder', dueAt: at(7 * DAY), day: 7 },
          { kind: 'release_reminder', dueAt: at(12 * DAY), day: 12 },
          { kind: 'auto_release', dueAt: at(14 * DAY) },
        ],
      },
    ]);
    expect(c.ledger).toEqual([]);
    expect(topics(c)).toEqual(['orders.order.shipped.v1']);
  });

  it.each([
    ['buyer', 'buyer'],
    ['admin', 'admin'],
    ['system', 'system'],
  ] as const)(
    'release by %s: seller payable + fee, transfer queued, completed announced',
    (actor, by) => {
      const c = orderIn('shipped').release(actor, NOW);
      expect(postings(c)).toEqual([
        [
          'release',
          [
            ['escrow_held', -13_120],
            ['seller_payable', 12_800],
            ['platform_fees', 320],
          ],
        ],
      ]);
      // Listings marks the listing sold from the event (ADR 0044): no job of its own.
      expect(c.jobs[0]!.add.map((j) => j.kind)).toEqual(['transfer_to_seller']);
      expect(c.jobs[0]!.drop).toEqual(['auto_release', 'release_reminder']);
      expect(c.events[0]).toMatchObject({
        type: 'orders.order.completed.v1',
        extra: { releasedBy: by },
      });
    },
  );

  it('cancel of a paid order refunds everything, fee included; of an unpaid one, nothing', () => {
    const paid = orderIn('paid').cancel('seller', null, NOW);
    expect(postings(paid)).toEqual([
      [
        'refund',
        [
          ['escrow_held', -13_120],
          ['refund_pending', 13_120],
        ],
      ],
    ]);
    // Listings frees the listing from the cancelled event (ADR 0044).
    expect(paid.jobs[0]!.add.map((j) => j.kind)).toEqual(['refund_payment']);
    expect(paid.events[0]).toMatchObject({
      type: 'orders.order.cancelled.v1',
      extra: { cancelledBy: 'seller', refundedCents: 13_120 },
    });
    const unpaid = orderIn('pending_payment').cancel('buyer', 'Changed my mind', NOW);
    expect(unpaid.ledger).toEqual([]);
    expect(unpaid.jobs[0]!.add).toEqual([]);
    expect(unpaid.events[0]!.type).toBe('orders.order.cancelled.v1');
    expect(unpaid.order.props.cancelReason).toBe('Changed my mind');
  });

  it('an admin refund frees the listing only when nothing was shipped, and refunds only the rest', () => {
    const paid = orderIn('paid').adminRefund('why', NOW);
    // The refunded event's `relist` tells listings to free or sell the listing (ADR 0044).
    expect(paid.jobs[0]!.add.map((j) => j.kind)).toEqual(['refund_payment']);
    const shipped = orderIn('shipped').adminRefund('why', NOW);
    expect(shipped.jobs[0]!.add.map((j) => j.kind)).toEqual(['refund_payment']);
    expect(shipped.events[0]).toMatchObject({ extra: { full: true, relist: false } });
    expect(paid.events[0]).toMatchObject({ extra: { full: true, relist: true } });
    const partly = orderIn('partially_refunded', { refundedCents: 1_000 }).adminRefund('why', NOW);
    expect(postings(partly)).toEqual([
      [
        'refund',
        [
          ['escrow_held', -12_120],
          ['refund_pending', 12_120],
        ],
      ],
    ]);
  });

  describe('refunds the processor reports', () => {
    it('a full dashboard refund of a held order: refunded, the listing freed', () => {
      const { change, notHeld } = orderIn('shipped').refundReported(
        { paymentId: 'pi_1', amountCents: 13_120 },
        NOW,
        RULES,
      );
      expect(notHeld).toBe(false);
      expect(change!.order.status).toBe('refunded');
      // Scenario 3: the shipped item is with the buyer; it is not relisted.
      // Listings marks it sold from the event (full, relist false: ADR 0044).
      expect(change!.jobs[0]!.add).toEqual([]);
      expect(change!.events[0]).toMatchObject({ extra: { full: true, relist: false } });
    });

    it('a partial one keeps the rest held and the order on hold', () => {
      const { change } = orderIn('paid').refundReported(
        { paymentId: 'pi_1', amountCents: 2_000 },
        NOW,
        RULES,
      );
      expect(change!.order.status).toBe('partially_refunded');
      expect(change!.order.props.refundedCents).toBe(2_000);
      expect(change!.jobs[0]!.add).toEqual([]);
    });

    it('before the payment event: paid first, then refunded, in one change', () => {
      const { change } = orderIn('pending_payment', { paymentId: 'pi_1' }).refundReported(
        { paymentId: 'pi_1', amountCents: 13_120 },
        NOW,
        RULES,
      );
      expect(change!.timeline.map((t) => t.status)).toEqual(['paid', 'refunded']);
      expect(postings(change!).map((p) => p[0])).toEqual(['payment', 'refund']);
      expect(topics(change)).toEqual(['orders.order.paid.v1', 'orders.order.refunded.v1']);
    });

    it('after release: recorded only', () => {
      const out = orderIn('completed').refundReported(
        { paymentId: 'pi_1', amountCents: 100 },
        NOW,
        RULES,
      );
      expect(out).toEqual({ change: null, notHeld: true });
    });

    it("Loadout's own refund is confirmed once, refund_pending → refunds (ADR 0042)", () => {
      const cancelled = orderIn('paid').cancel('buyer', null, NOW).order;
      expect(cancelled.props.refundPendingCents).toBe(13_120);
      const c = cancelled.refundReported({ paymentId: 'pi_1', amountCents: 13_120 }, NOW, RULES);
      expect(postings(c.change!)).toEqual([
        [
          'refund_confirmed',
          [
            ['refund_pending', -13_120],
            ['refunds', 13_120],
          ],
        ],
      ]);
      expect(c.change!.order.props).toMatchObject({
        refundPendingCents: 0,
        refundConfirmedCents: 13_120,
      });
      expect(c.change!.events[0]).toMatchObject({
        extra: { refundedCents: 13_120, full: true, refundPending: false },
      });
      expect(
        c.change!.order.refundReported({ paymentId: 'pi_1', amountCents: 13_120 }, NOW, RULES)
          .change,
      ).toBeNull();
    });

    it('a refund that was not asked for confirms nothing (no pending refund)', () => {
      const c = orderIn('cancelled').refundReported(
        { paymentId: 'pi_1', amountCents: 13_120 },
        NOW,
        RULES,
      );
      expect(c.change).toBeNull();
    });

    it('a failed refund goes back to escrow, is retried, and is parked after the last failure', () => {
      let order = orderIn('paid').cancel('buyer', null, NOW).order;
      for (let n = 1; n <= MAX_REFUND_FAILURES; n++) {
        const failed = order.refundFailed(
          { paymentId: 'pi_1', refundId: `re_${n}`, amountCents: 13_120, reason: 'lost_card' },
          false,
          NOW,
        )!;
        expect(postings(failed)).toEqual([
          [
            'refund_failed',
            [
              ['refund_pending', -13_120],
              ['escrow_held', 13_120],
            ],
          ],
        ]);
        expect(failed.order.props).toMatchObject({
          refundPendingCents: 0,
          refundDueCents: 13_120,
          refundFailures: n,
          lastRefundError: 'Refund failed: lost_card',
          refundedCents: 0,
        });
        const retry = failed.jobs[0]!.add[0]!;
        expect(retry).toMatchObject({
          kind: 'refund_payment',
          ref: `retry:${n}`,
          payload: { amountCents: 13_120 },
        });
        expect(retry.dueAt.getTime() - NOW.getTime()).toBe(refundRetryDelayMs(n));
        expect(retry.parked !== undefined).toBe(n === MAX_REFUND_FAILURES);
        // A redelivery of the same failure books nothing.
        expect(
          failed.order.refundFailed(
            { paymentId: 'pi_1', refundId: `re_${n}`, amountCents: 13_120, reason: 'x' },
            true,
            NOW,
          ),
        ).toBeNull();
        // An older retry asks nothing once a newer one is queued.
        expect(failed.order.refundRetried(n - 1, NOW)).toEqual({ ask: false, change: null });
        const asked = failed.order.refundRetried(n, NOW);
        expect(asked.ask).toBe(true);
        expect(postings(asked.change!)).toEqual([
          [
            'refund',
            [
              ['escrow_held', -13_120],
              ['refund_pending', 13_120],
            ],
          ],
        ]);
        expect(asked.change!.ledger[0]!.ref).toBe(`retry:${n}`);
        expect(asked.change!.order.props.refundedCents).toBe(13_120);
        // Asked again after a crash: no second booking, the call is repeated.
        expect(asked.change!.order.refundRetried(n, NOW)).toEqual({ ask: true, change: null });
        order = asked.change!.order;
      }
    });

    it('a refund reported succeeded and then failed comes back out of refunds', () => {
      const cancelled = orderIn('paid').cancel('buyer', null, NOW).order;
      const confirmed = cancelled.refundReported(
        { paymentId: 'pi_1', amountCents: 13_120 },
        NOW,
        RULES,
      ).change!.order;
      const failed = confirmed.refundFailed(
        { paymentId: 'pi_1', refundId: 're_1', amountCents: 13_120, reason: 'lost_card' },
        false,
        NOW,
      )!;
      expect(postings(failed)).toEqual([
        [
          'refund_failed',
          [
            ['refunds', -13_120],
            ['escrow_held', 13_120],
          ],
        ],
      ]);
      // The same order as a failure applied before the success (webhooks in any order).
      expect(failed.order.props).toMatchObject({
        refundConfirmedCents: 0,
        refundDueCents: 13_120,
        refundPendingCents: 0,
        refundedCents: 0,
      });
      // Another payment's refund failing is not this order's.
      expect(
        cancelled.refundFailed(
          { paymentId: 'pi_other', refundId: 're_9', amountCents: 500, reason: 'x' },
          false,
          NOW,
        ),
      ).toBeNull();
    });
  });

  describe('deadlines', () => {
    const due = (kind: 'expire_unpaid' | 'ship_by' | 'auto_release' | 'release_reminder') =>
      ORDER_STATUSES.map((s) => [
        s,
        orderIn(s).deadlineDue({ kind, day: 7 }, NOW)?.order.status ?? null,
      ]);

    it('each fires only in the state it was set for', () => {
      const fired = (kind: Parameters<typeof due>[0]) => due(kind).filter(([, to]) => to !== null);
      expect(fired('expire_unpaid')).toEqual([['pending_payment', 'expired']]);
      expect(fired('ship_by')).toEqual([['paid', 'cancelled']]);
      expect(fired('auto_release')).toEqual([['shipped', 'completed']]);
      expect(fired('release_reminder')).toEqual([['shipped', 'shipped']]);
    });

    it('ship-by cancels as the system, with the reason, and refunds', () => {
      const c = orderIn('paid').deadlineDue({ kind: 'ship_by', day: 0 }, NOW)!;
      expect(c.timeline[0]).toMatchObject({
        actor: 'system',
        note: 'The seller did not mark it shipped in time.',
      });
      expect(postings(c).map((p) => p[0])).toEqual(['refund']);
    });

    it('a reminder is an event only', () => {
      const c = orderIn('shipped').deadlineDue({ kind: 'release_reminder', day: 12 }, NOW)!;
      expect(c.timeline).toEqual([]);
      expect(c.events).toEqual([
        {
          type: 'orders.order.reminder.v1',
          extra: { kind: 'auto_release', day: 12, autoReleaseAt: at(14 * DAY).toISOString() },
        },
      ]);
    });
  });

  it('tells who a user is to the order', () => {
    const o = orderIn('paid');
    expect(o.actorFor({ id: 'buyer', isAdmin: true })).toBe('buyer');
    expect(o.actorFor({ id: 'seller', isAdmin: false })).toBe('seller');
    expect(o.actorFor({ id: 'x', isAdmin: true })).toBe('admin');
    expect(o.actorFor({ id: 'x', isAdmin: false })).toBeNull();
  });
});

describe('Order and disputes (issue 24)', () => {
  const split = { refundCents: 3_280, sellerCents: 9_600, platformFeeCents: 240 };
  const settle = (kind: 'release' | 'full_refund' | 'partial_refund', decidedBy: OrderActor) => ({
    kind,
    refundCents: kind === 'release' ? 0 : kind === 'full_refund' ? AMOUNTS.totalCents : 3_280,
    decidedBy,
    ref: 'dsp_1',
    note: null,
  });

  it('a dispute freezes a paid or shipped order: disputed, its deadlines dropped', () => {
    for (const from of ['paid', 'shipped'] as const) {
      const c = orderIn(from).openDispute('buyer', 'Dispute opened: not_received', NOW);
      expect(c.order.props).toMatchObject({ status: 'disputed', statusBeforeDispute: from });
      expect(c.jobs).toEqual([{ drop: ['ship_by', 'auto_release', 'release_reminder'], add: [] }]);
      expect(c.ledger).toEqual([]);
    }
    for (const s of ORDER_STATUSES.filter((x) => x !== 'paid' && x !== 'shipped'))
      expect(refusal(() => orderIn(s).openDispute('buyer', 'x', NOW)).code).toBe(
        'ORDERS.ILLEGAL_TRANSITION',
      );
    expect(refusal(() => orderIn('paid').openDispute('seller', 'x', NOW)).code).toBe(
      'ORDERS.NOT_ALLOWED',
    );
  });

  it('a withdrawn dispute gives the release clock back with at least 3 days left', () => {
    const disputed = orderIn('shipped', {
      autoReleaseAt: at(DAY),
    }).openDispute('buyer', 'x', NOW).order;
    const later = at(2 * DAY);
    const { change, resumesUntil } = disputed.resumeAfterDispute(
      'buyer',
      'Withdrawn',
      later,
      3 * DAY,
      'dsp_1',
    );
    expect(resumesUntil).toEqual(at(5 * DAY));
    expect(change.order.props).toMatchObject({
      status: 'shipped',
      autoReleaseAt: at(5 * DAY),
      statusBeforeDispute: null,
    });
    expect(change.jobs).toEqual([
      { drop: [], add: [{ kind: 'auto_release', dueAt: at(5 * DAY), ref: 'dsp_1' }] },
    ]);
    // More than 3 days left: the original deadline stands.
    const early = orderIn('shipped', { autoReleaseAt: at(10 * DAY) }).openDispute(
      'buyer',
      'x',
      NOW,
    ).order;
    expect(early.resumeAfterDispute('buyer', 'w', NOW, 3 * DAY, 'r').resumesUntil).toEqual(
      at(10 * DAY),
    );
    // A paid order gets its ship-by deadline back the same way.
    const paid = orderIn('paid', { shipBy: at(DAY) }).openDispute('buyer', 'x', NOW).order;
    const r = paid.resumeAfterDispute('buyer', 'w', NOW, 3 * DAY, 'r');
    expect(r.change.order.props).toMatchObject({ status: 'paid', shipBy: at(3 * DAY) });
    expect(r.change.jobs[0]!.add[0]).toMatchObject({ kind: 'ship_by', dueAt: at(3 * DAY) });
  });

  it('settles a dispute: release, full refund, partial refund + release of the rest, all balanced', () => {
    const disputed = () => orderIn('shipped').openDispute('buyer', 'x', NOW).order;
    const release = disputed().settleDispute(settle('release', 'admin'), null, NOW);
    expect(release.order.status).toBe('completed');
    expect(postings(release)).toEqual([
      [
        'release',
        [
          ['escrow_held', -13_120],
          ['seller_payable', 12_800],
          ['platform_fees', 320],
        ],
      ],
    ]);
    expect(release.jobs[0]!.add).toContainEqual({
      kind: 'transfer_to_seller',
      dueAt: NOW,
      payload: { amountCents: 12_800 },
    });

    const refund = disputed().settleDispute(settle('full_refund', 'seller'), null, NOW);
    expect(refund.order.status).toBe('refunded');
    expect(postings(refund)).toEqual([
      [
        'refund',
        [
          ['escrow_held', -13_120],
          ['refund_pending', 13_120],
        ],
      ],
    ]);
    expect(refund.jobs[0]!.add.map((j) => j.kind)).toEqual(['refund_payment']);
    // Issue 23 scenario 12: the dispute's own events tell the parties; notifications skips these.
    expect(refund.events.find((e) => e.type === 'orders.order.refunded.v1')?.extra).toMatchObject({
      byDispute: true,
    });

    const partial = disputed().settleDispute(settle('partial_refund', 'buyer'), split, NOW);
    expect(partial.order.props).toMatchObject({ status: 'completed', refundedCents: 3_280 });
    expect(partial.events.find((e) => e.type === 'orders.order.refunded.v1')?.extra).toMatchObject({
      byDispute: true,
    });
    expect(postings(partial)).toEqual([
      [
        'refund',
        [
          ['escrow_held', -3_280],
          ['refund_pending', 3_280],
        ],
      ],
      [
        'release',
        [
          ['escrow_held', -9_840],
          ['seller_payable', 9_600],
          ['platform_fees', 240],
        ],
      ],
    ]);
    expect(partial.jobs.flatMap((j) => j.add)).toEqual(
      expect.arrayContaining([
        { kind: 'transfer_to_seller', dueAt: NOW, payload: { amountCents: 9_600 } },
        {
          kind: 'refund_payment',
          dueAt: NOW,
          ref: 'dispute:dsp_1',
          payload: { amountCents: 3_280 },
        },
      ]),
    );
    expect(topics(partial)).toEqual(['orders.order.refunded.v1', 'orders.order.completed.v1']);
    for (const c of [release, refund, partial]) expect(balanced(c)).toBe(true);
    // Only from disputed, only by whom the dispute lets decide.
    expect(
      refusal(() => orderIn('shipped').settleDispute(settle('release', 'admin'), null, NOW)).code,
    ).toBe('ORDERS.ILLEGAL_TRANSITION');
    expect(
      refusal(() => disputed().settleDispute(settle('release', 'seller'), null, NOW)).code,
    ).toBe('ORDERS.NOT_ALLOWED');
  });

  it('a chargeback freezes a held order, holds a released one, and a lost one is posted', () => {
    const frozen = orderIn('shipped').chargebackOpened('Card chargeback', NOW)!;
    expect(frozen.order.props).toMatchObject({ status: 'disputed', chargebackStatus: 'open' });
    expect(frozen.order.chargebackOpened('again', NOW)).toBeNull();
    const released = orderIn('completed').chargebackOpened('Card chargeback', NOW)!;
    expect(released.order.props).toMatchObject({ status: 'completed', chargebackStatus: 'open' });

    const lost = frozen.order.chargebackClosed(
      { won: false, amountCents: 13_120, feeCents: 2_000, ref: 'dp_1' },
      NOW,
    )!;
    expect(lost.order.props).toMatchObject({
      status: 'refunded',
      chargebackStatus: 'lost',
      refundedCents: 13_120,
    });
    expect(postings(lost)).toEqual([
      [
        'chargeback',
        [
          ['escrow_held', -13_120],
          ['platform_fees', -2_000],
          ['chargebacks', 15_120],
        ],
      ],
    ]);
    const lostAfterRelease = released.order.chargebackClosed(
      { won: false, amountCents: 13_120, feeCents: 2_000, ref: 'dp_1' },
      NOW,
    )!;
    expect(lostAfterRelease.order.status).toBe('completed');
    expect(postings(lostAfterRelease)).toEqual([
      [
        'chargeback',
        [
          ['platform_fees', -15_120],
          ['chargebacks', 15_120],
        ],
      ],
    ]);
    const won = frozen.order.chargebackClosed(
      { won: true, amountCents: 13_120, feeCents: 0, ref: 'dp_1' },
      NOW,
    )!;
    expect(won.order.props).toMatchObject({ status: 'disputed', chargebackStatus: 'won' });
    expect(won.ledger).toEqual([]);
    for (const c of [lost, lostAfterRelease]) expect(balanced(c)).toBe(true);
  });

  it('a chargeback before the payment’s own event is flagged; the payment then lands frozen', () => {
    const pending = orderIn('pending_payment', { paymentId: 'pi_1' });
    const flagged = pending.chargebackOpened('Card chargeback', NOW)!;
    expect(flagged.order.props).toMatchObject({
      status: 'pending_payment',
      chargebackStatus: 'open',
    });
    const c = flagged.order.paymentSucceeded(
      { paymentId: 'pi_1', chargeId: 'ch_9', amountCents: AMOUNTS.totalCents },
      NOW,
      RULES,
    )!;
    expect(c.order.props).toMatchObject({
      status: 'disputed',
      statusBeforeDispute: 'paid',
      chargeId: 'ch_9',
    });
    expect(postings(c)).toEqual([
      [
        'payment',
        [
          ['buyer_payments', -13_120],
          ['escrow_held', 13_120],
        ],
      ],
    ]);
    expect(topics(c)).toEqual(['orders.order.paid.v1']);
    // Its ship-by deadline is added and dropped in the same change: nothing can cancel it.
    expect(c.jobs.at(-1)).toEqual({
      drop: ['ship_by', 'auto_release', 'release_reminder'],
      add: [],
    });
  });
});

/**
 * Issue 29 item 7 (ADR 0044): listings frees or sells a listing from orders' events alone, so
 * every transition that ends an order's hold on its listing must say which in an event. This is
 * the listings consumer's reading (`listingOutcomeOf` in `@loadout/contracts`): completed → sold; cancelled,
 * expired, a full refund with `relist` → released; a full refund without `relist` → sold.
 */
describe('the listing’s fate travels in the events (ADR 0044)', () => {
  const fate = (c: { events: readonly { type: string; extra?: object }[] }) =>
    c.events.flatMap((e) => listingOutcomeOf(e.type, e.extra) ?? []);
  const settle = (kind: 'release' | 'full_refund', returned = false) => ({
    kind,
    refundCents: kind === 'release' ? 0 : AMOUNTS.totalCents,
    decidedBy: 'admin' as const,
    ref: 'dsp_1',
    note: null,
    ...(returned ? { itemReturned: true } : {}),
  });

  it.each([
    ['confirmed delivery', () => orderIn('shipped').release('buyer', NOW), ['sold']],
    ['auto release', () => orderIn('shipped').release('system', NOW), ['sold']],
    [
      'cancel before payment',
      () => orderIn('pending_payment').cancel('buyer', null, NOW),
      ['release'],
    ],
    ['cancel after payment', () => orderIn('paid').cancel('seller', null, NOW), ['release']],
    ['expiry', () => orderIn('pending_payment').expire(NOW), ['release']],
    ['admin refund, never shipped', () => orderIn('paid').adminRefund('why', NOW), ['release']],
    ['admin refund, shipped', () => orderIn('shipped').adminRefund('why', NOW), ['sold']],
    [
      'dashboard refund in full, never shipped',
      () =>
        orderIn('paid').refundReported({ paymentId: 'pi_1', amountCents: 13_120 }, NOW, RULES)
          .change!,
      ['release'],
    ],
    [
      'dashboard refund in full, shipped',
      () =>
        orderIn('shipped').refundReported({ paymentId: 'pi_1', amountCents: 13_120 }, NOW, RULES)
          .change!,
      ['sold'],
    ],
    [
      'dispute settled for the seller',
      () =>
        orderIn('shipped')
          .openDispute('buyer', 'x', NOW)
          .order.settleDispute(settle('release'), null, NOW),
      ['sold'],
    ],
    [
      'dispute settled with a full refund of a shipped item',
      () =>
        orderIn('shipped')
          .openDispute('buyer', 'x', NOW)
          .order.settleDispute(settle('full_refund'), null, NOW),
      ['sold'],
    ],
    [
      'card chargeback lost on a shipped order',
      () =>
        orderIn('shipped')
          .chargebackOpened('Card chargeback', NOW)!
          .order.chargebackClosed(
            { won: false, amountCents: 13_120, feeCents: 2_000, ref: 'dp_1' },
            NOW,
          )!,
      ['sold'],
    ],
  ] as const)('%s: the fate is in its events, and no job of its own', (_name, run, want) => {
    const change = run();
    expect(fate(change)).toEqual(want);
    expect(change.jobs.flatMap((j) => j.add.map((a) => a.kind))).not.toContainEqual(
      expect.stringContaining('listing'),
    );
  });

  it('a partial refund leaves the listing held (no fate yet)', () => {
    const { change } = orderIn('paid').refundReported(
      { paymentId: 'pi_1', amountCents: 2_000 },
      NOW,
      RULES,
    );
    expect(fate(change!)).toEqual([]);
  });
});
