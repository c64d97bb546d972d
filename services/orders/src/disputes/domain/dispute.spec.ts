import { DISPUTE_STATUSES, type DisputeStatus } from '@loadout/contracts';
import { Dispute, type DisputeChange, type DisputeProps } from './dispute';
import { DisputeDomainError } from './dispute.errors';
import { DEFAULT_DISPUTE_RULES as RULES } from './dispute-rules';
import { canDispute, type DisputeActor, type DisputeCommand } from './dispute-state';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const DAY = 24 * 3600_000;
const ACTORS: DisputeActor[] = ['buyer', 'seller', 'admin', 'system'];
const ORDER = { id: 'ord_1', buyerId: 'buyer', sellerId: 'seller', totalCents: 13_120 };

const opened = (wanted: DisputeProps['wanted'] = { kind: 'full_refund' }) =>
  Dispute.open(
    { id: 'dsp_1', order: ORDER, reason: 'not_received', description: ' Never came ', wanted },
    NOW,
    RULES,
  );

function disputeIn(status: DisputeStatus, over: Partial<DisputeProps> = {}): Dispute {
  return Dispute.restore({
    ...opened().dispute.props,
    status,
    response:
      status === 'responded'
        ? { kind: 'propose_partial', amountCents: 4_000, message: 'Half?' }
        : null,
    ...over,
  });
}

const refusal = (fn: () => unknown): DisputeDomainError => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DisputeDomainError);
    return err as DisputeDomainError;
  }
  throw new Error('expected a refusal');
};
const topics = (c: DisputeChange | null) => c?.events.map((e) => e.type) ?? [];

/** Every command a caller can give, run on a dispute by an actor. */
const COMMANDS: { command: DisputeCommand; run: (d: Dispute, a: DisputeActor) => unknown }[] = [
  {
    command: 'respond',
    run: (d, a) => d.respond(a, { kind: 'contest', amountCents: null, message: 'No' }, NOW, RULES),
  },
  { command: 'accept_proposal', run: (d, a) => d.acceptProposal(a, NOW) },
  { command: 'withdraw', run: (d, a) => d.withdraw(a, NOW, null) },
  {
    command: 'decide',
    run: (d, a) => d.decide(a, { outcome: 'release', statement: 'Tracking shows delivered.' }, NOW),
  },
  { command: 'post_message', run: (d, a) => d.assertCanPost(a) },
  { command: 'mark_return_shipped', run: (d, a) => d.markReturnShipped(a, NOW, RULES) },
  { command: 'confirm_return', run: (d, a) => d.confirmReturn(a, NOW) },
];

describe('Dispute aggregate', () => {
  describe('every actor × state × command follows the rule table', () => {
    for (const { command, run } of COMMANDS)
      for (const status of DISPUTE_STATUSES)
        for (const actor of ACTORS) {
          const allowed = canDispute(status, command, actor);
          it(`${actor} ${allowed ? 'may' : 'may not'} ${command} a dispute that is ${status}`, () => {
            const d = disputeIn(status);
            if (allowed) expect(() => run(d, actor)).not.toThrow();
            else {
              const err = refusal(() => run(d, actor));
              // The actor check comes first: someone who may never do it learns nothing of the state.
              const everAllowed = DISPUTE_STATUSES.some((s) => canDispute(s, command, actor));
              expect(err.code).toBe(
                everAllowed ? 'DISPUTES.ILLEGAL_TRANSITION' : 'DISPUTES.NOT_ALLOWED',
              );
              expect(err.kind).toBe(everAllowed ? 'conflict' : 'forbidden');
            }
          });
        }
  });

  it('the rule table: seller responds to open, buyer accepts a proposal, admins decide escalated', () => {
    const allowed = (command: DisputeCommand) =>
      DISPUTE_STATUSES.flatMap((s) =>
        ACTORS.filter((a) => canDispute(s, command, a)).map((a) => `${a}@${s}`),
      );
    expect(allowed('respond')).toEqual(['seller@open']);
    expect(allowed('accept_proposal')).toEqual(['buyer@responded']);
    expect(allowed('withdraw')).toEqual([
      'buyer@open',
      'buyer@responded',
      'buyer@awaiting_return',
      'buyer@escalated',
    ]);
    expect(allowed('escalate')).toEqual([
      'system@open',
      'system@responded',
      'system@awaiting_return',
    ]);
    expect(allowed('mark_return_shipped')).toEqual(['buyer@awaiting_return']);
    expect(allowed('confirm_return')).toEqual(['seller@return_shipped', 'system@return_shipped']);
    expect(allowed('decide')).toEqual(['admin@escalated']);
    expect(allowed('post_message')).toEqual([
      'buyer@open',
      'seller@open',
      'admin@open',
      'buyer@responded',
      'seller@responded',
      'admin@responded',
      'buyer@awaiting_return',
      'seller@awaiting_return',
      'admin@awaiting_return',
      'buyer@return_shipped',
      'seller@return_shipped',
      'admin@return_shipped',
      'buyer@escalated',
      'seller@escalated',
      'admin@escalated',
    ]);
  });

  it('opens with the seller’s 3-day deadline, a trimmed description and an event', () => {
    const c = opened({ kind: 'partial_refund', amountCents: 2_000 });
    expect(c.dispute.props).toMatchObject({
      status: 'open',
      origin: 'buyer',
      description: 'Never came',
      wanted: { kind: 'partial_refund', amountCents: 2_000 },
      respondBy: new Date(NOW.getTime() + 3 * DAY),
    });
    expect(c.deadline).toEqual({ set: { dueAt: new Date(NOW.getTime() + 3 * DAY), step: 0 } });
    expect(topics(c)).toEqual(['orders.dispute.opened.v1']);
    expect(c.settle).toBeNull();
  });

  it('refuses to open with a partial refund of nothing, the whole total or more', () => {
    for (const amountCents of [0, 13_120, 20_000])
      expect(refusal(() => opened({ kind: 'partial_refund', amountCents })).code).toBe(
        'DISPUTES.INVALID_AMOUNT',
      );
    // Amounts only belong to a partial refund.
    expect(opened({ kind: 'full_refund', amountCents: 5 }).dispute.props.wanted).toEqual({
      kind: 'full_refund',
    });
  });

  it('seller accepts: resolved with what the buyer wanted', () => {
    const accept = (wanted: DisputeProps['wanted']) =>
      opened(wanted).dispute.respond(
        'seller',
        { kind: 'accept', amountCents: null, message: 'Sorry' },
        NOW,
        RULES,
      );
    const partial = accept({ kind: 'partial_refund', amountCents: 2_500 });
    expect(partial.dispute.status).toBe('resolved');
    expect(partial.settle).toEqual({
      kind: 'partial_refund',
      refundCents: 2_500,
      decidedBy: 'seller',
      statement: null,
    });
    expect(topics(partial)).toEqual(['orders.dispute.responded.v1', 'orders.dispute.resolved.v1']);
    expect(partial.deadline).toEqual({ clear: true });
    expect(accept({ kind: 'full_refund' }).settle).toMatchObject({
      kind: 'full_refund',
      refundCents: 13_120,
    });
  });

  it('return and refund: the item goes back first, the refund follows the seller’s receipt or its deadline', () => {
    const accepted = opened({ kind: 'return_and_refund' }).dispute.respond(
      'seller',
      { kind: 'accept', amountCents: null, message: 'Send it back' },
      NOW,
      RULES,
    );
    expect(accepted.settle).toBeNull();
    expect(accepted.dispute.props).toMatchObject({
      status: 'awaiting_return',
      respondBy: new Date(NOW.getTime() + 7 * DAY),
    });
    expect(accepted.deadline).toEqual({
      set: { dueAt: new Date(NOW.getTime() + 7 * DAY), step: 2 },
    });
    // Not sent back in time: admins decide.
    expect(accepted.dispute.deadlinePassed(new Date(NOW.getTime() + 7 * DAY))?.dispute.status).toBe(
      'escalated',
    );

    const sent = accepted.dispute.markReturnShipped('buyer', NOW, RULES);
    expect(sent.dispute.props).toMatchObject({
      status: 'return_shipped',
      respondBy: new Date(NOW.getTime() + 14 * DAY),
    });
    expect(sent.settle).toBeNull();
    const received = sent.dispute.confirmReturn('seller', NOW);
    expect(received.settle).toEqual({
      kind: 'full_refund',
      refundCents: 13_120,
      decidedBy: 'seller',
      statement: null,
    });
    expect(received.dispute.itemReturned).toBe(true);
    // The seller never confirms: at the deadline the buyer is refunded anyway.
    expect(sent.dispute.deadlinePassed(new Date(NOW.getTime() + 14 * DAY - 1))).toBeNull();
    const lapsed = sent.dispute.deadlinePassed(new Date(NOW.getTime() + 14 * DAY))!;
    expect(lapsed.settle).toMatchObject({ kind: 'full_refund', decidedBy: 'system' });
    expect(lapsed.dispute.itemReturned).toBe(true);
    // A plain full refund keeps the item with the buyer.
    expect(
      opened().dispute.respond(
        'seller',
        { kind: 'accept', amountCents: null, message: 'x' },
        NOW,
        RULES,
      ).dispute.itemReturned,
    ).toBe(false);
  });

  it('seller proposes a partial refund: responded, the buyer gets 3 days; accepting settles it', () => {
    const later = new Date(NOW.getTime() + DAY);
    const c = opened().dispute.respond(
      'seller',
      { kind: 'propose_partial', amountCents: 4_000, message: 'Half' },
      later,
      RULES,
    );
    expect(c.dispute.props).toMatchObject({
      status: 'responded',
      response: { kind: 'propose_partial', amountCents: 4_000, message: 'Half' },
      respondBy: new Date(later.getTime() + 3 * DAY),
    });
    expect(c.deadline).toEqual({ set: { dueAt: new Date(later.getTime() + 3 * DAY), step: 1 } });
    expect(c.settle).toBeNull();
    const accepted = c.dispute.acceptProposal('buyer', later);
    expect(accepted.settle).toEqual({
      kind: 'partial_refund',
      refundCents: 4_000,
      decidedBy: 'buyer',
      statement: null,
    });
    expect(accepted.dispute.props).toMatchObject({
      status: 'resolved',
      resolvedAt: later,
      respondBy: null,
    });
  });

  it('refuses a proposal of nothing or of the whole total', () => {
    const d = opened().dispute;
    for (const amountCents of [0, 13_120, null])
      expect(
        refusal(() =>
          d.respond('seller', { kind: 'propose_partial', amountCents, message: 'x' }, NOW, RULES),
        ).code,
      ).toBe('DISPUTES.INVALID_AMOUNT');
  });

  it('seller contests: escalated at once, no deadline left', () => {
    const c = opened().dispute.respond(
      'seller',
      { kind: 'contest', amountCents: 99, message: 'It was fine' },
      NOW,
      RULES,
    );
    expect(c.dispute.props).toMatchObject({
      status: 'escalated',
      respondBy: null,
      response: { kind: 'contest', amountCents: null },
    });
    expect(topics(c)).toEqual(['orders.dispute.responded.v1', 'orders.dispute.escalated.v1']);
    expect(c.deadline).toEqual({ clear: true });
  });

  it('a passed deadline escalates an open or responded dispute, and only when really due', () => {
    const d = opened().dispute;
    expect(d.deadlinePassed(new Date(NOW.getTime() + 3 * DAY - 1))).toBeNull();
    const c = d.deadlinePassed(new Date(NOW.getTime() + 3 * DAY));
    expect(c?.dispute.status).toBe('escalated');
    expect(c?.events[0]).toMatchObject({
      type: 'orders.dispute.escalated.v1',
      extra: { why: 'deadline_passed' },
    });
    const responded = disputeIn('responded', { respondBy: NOW });
    expect(responded.deadlinePassed(NOW)?.dispute.status).toBe('escalated');
    for (const s of ['escalated', 'resolved', 'withdrawn'] as const)
      expect(disputeIn(s, { respondBy: NOW }).deadlinePassed(NOW)).toBeNull();
  });

  it('admin decides with a statement: release, full refund, partial refund (checked amount)', () => {
    const d = disputeIn('escalated');
    expect(d.decide('admin', { outcome: 'release', statement: ' Delivered ' }, NOW).settle).toEqual(
      {
        kind: 'release',
        refundCents: 0,
        decidedBy: 'admin',
        statement: 'Delivered',
      },
    );
    expect(
      d.decide('admin', { outcome: 'full_refund', statement: 'Fake' }, NOW).settle,
    ).toMatchObject({
      kind: 'full_refund',
      refundCents: 13_120,
    });
    expect(
      d.decide(
        'admin',
        { outcome: 'partial_refund', amountCents: 1_234, statement: 'Scratched' },
        NOW,
      ).settle,
    ).toMatchObject({
      kind: 'partial_refund',
      refundCents: 1_234,
    });
    expect(
      refusal(() => d.decide('admin', { outcome: 'partial_refund', statement: 'x' }, NOW)).code,
    ).toBe('DISPUTES.INVALID_AMOUNT');
  });

  it('withdrawal resumes the order and settles nothing', () => {
    const until = new Date(NOW.getTime() + 3 * DAY);
    const c = disputeIn('escalated').withdraw('buyer', NOW, until);
    expect(c.dispute.status).toBe('withdrawn');
    expect(c.resume).toBe(true);
    expect(c.settle).toBeNull();
    expect(c.events[0]).toMatchObject({
      type: 'orders.dispute.withdrawn.v1',
      extra: { resumesUntil: until.toISOString() },
    });
  });

  describe('chargebacks', () => {
    const chargeback = () =>
      Dispute.openChargeback(
        { id: 'dsp_cb', order: ORDER, processorDisputeId: 'dp_1', reason: 'fraudulent' },
        NOW,
      );

    it('opens escalated, for admins only', () => {
      const d = chargeback().dispute;
      expect(d.props).toMatchObject({
        origin: 'chargeback',
        status: 'escalated',
        processorDisputeId: 'dp_1',
      });
      expect(d.actorFor({ id: 'buyer', isAdmin: false })).toBeNull();
      expect(d.actorFor({ id: 'seller', isAdmin: false })).toBeNull();
      expect(d.actorFor({ id: 'staff', isAdmin: true })).toBe('admin');
      expect(opened().dispute.actorFor({ id: 'seller', isAdmin: true })).toBe('seller');
      expect(opened().dispute.actorFor({ id: 'stranger', isAdmin: false })).toBeNull();
    });

    it('is closed by the card network, never decided by an admin', () => {
      const d = chargeback().dispute;
      expect(
        refusal(() => d.decide('admin', { outcome: 'release', statement: 'x' }, NOW)).code,
      ).toBe('DISPUTES.ILLEGAL_TRANSITION');
      const won = d.closeChargeback(true, 13_120, NOW);
      expect(won).toMatchObject({ settle: null, resume: true });
      expect(won.dispute.props.outcome).toMatchObject({ kind: 'release', decidedBy: 'system' });
      const lost = d.closeChargeback(false, 13_120, NOW);
      expect(lost).toMatchObject({ settle: null, resume: false });
      expect(lost.dispute.props.outcome).toMatchObject({
        kind: 'full_refund',
        refundCents: 13_120,
      });
      expect(refusal(() => won.dispute.closeChargeback(true, 1, NOW)).code).toBe(
        'DISPUTES.ILLEGAL_TRANSITION',
      );
    });
  });
});
