import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { UnitOfWork, type Tx } from '@loadout/service-kit';
import { type Order } from '../escrow/domain/order';
import { OrderRepository, type ChangeMeta } from '../escrow/domain/order-repository.port';
import { DISPUTE_RULES } from '../orders.config';
import { type Dispute, type DisputeChange } from './domain/dispute';
import { disputeNotFound } from './domain/dispute.errors';
import { DisputeRepository } from './domain/dispute-repository.port';
import { type DisputeRules } from './domain/dispute-rules';
import { type DisputeActor } from './domain/dispute-state';
import { splitPartialRefund } from './domain/partial-refund';
import { toDisputeView } from './dispute-view';
import { DisputePhotoRepository } from './persistence/dispute-photo.repository';

const OUTCOME_NOTE = {
  release: 'Dispute settled: the money is released to the seller.',
  full_refund: 'Dispute settled: the buyer is refunded in full.',
  partial_refund: 'Dispute settled: the buyer is partly refunded, the rest released.',
} as const;

/**
 * What every dispute use case shares: object-level access (the parties and admins; anyone else
 * gets 404, a chargeback is admins' only), and saving a dispute's change together with what it
 * does to its order — in one transaction, order locked first (the lock order of every action).
 */
@Injectable()
export class DisputeWorkflow {
  constructor(
    @Inject(DISPUTE_RULES) readonly rules: DisputeRules,
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly disputes: DisputeRepository,
    private readonly photos: DisputePhotoRepository,
  ) {}

  /** Locks the dispute's order, then the dispute; tells who the user is to it. */
  async lockFor(
    tx: Tx,
    id: string,
    user: AuthUser,
  ): Promise<{ dispute: Dispute; order: Order; actor: DisputeActor }> {
    const found = await this.disputes.findById(tx, id);
    const order = found ? await this.orders.lock(tx, found.props.orderId) : null;
    const dispute = order ? await this.disputes.lock(tx, id) : null;
    const actor = dispute?.actorFor({ id: user.id, isAdmin: isAdmin(user) }) ?? null;
    if (!order || !dispute || !actor) throw disputeNotFound();
    return { dispute, order, actor };
  }

  /**
   * Saves the dispute's change and, when it settled, what that does to the order: the money
   * moves (ledger entries, refund and transfer jobs, the order's events).
   */
  async save(
    tx: Tx,
    change: DisputeChange,
    order: Order,
    actor: DisputeActor,
    meta: ChangeMeta,
    now: Date,
  ): Promise<Order> {
    let current = order;
    const s = change.settle;
    if (s) {
      const split =
        s.kind === 'partial_refund' ? splitPartialRefund(order.amounts, s.refundCents) : null;
      const orderChange = order.settleDispute(
        {
          kind: s.kind,
          refundCents: s.refundCents,
          decidedBy: actor,
          ref: change.dispute.id,
          note: s.statement ?? OUTCOME_NOTE[s.kind],
          itemReturned: change.dispute.itemReturned,
        },
        split,
        now,
      );
      await this.orders.save(tx, orderChange, meta);
      current = orderChange.order;
    }
    await this.disputes.save(tx, change, current, meta);
    return current;
  }

  /**
   * A dispute ends with nothing to settle (withdrawn, a chargeback won): the order goes on
   * (its clock with at least 3 days left) unless something else still holds it — another
   * active dispute (`endingId` aside) or an open chargeback. The order's new deadline, if any.
   */
  async resumeOrder(
    tx: Tx,
    order: Order,
    endingId: string,
    who: 'buyer' | 'system',
    note: string,
    meta: ChangeMeta,
    now: Date,
  ): Promise<{ order: Order; until: Date | null }> {
    if (order.status !== 'disputed' || order.props.chargebackStatus === 'open')
      return { order, until: null };
    const others = (await this.disputes.activeForOrder(tx, order.id)).filter(
      (x) => x.id !== endingId,
    );
    if (others.length > 0) return { order, until: null };
    const { change, resumesUntil } = order.resumeAfterDispute(
      who,
      note,
      now,
      this.rules.resumeAtLeastMs,
      endingId,
    );
    await this.orders.save(tx, change, meta);
    return { order: change.order, until: resumesUntil };
  }

  /**
   * One user action on a dispute: lock (order, then dispute), let `decide` build the change
   * from them, save it with its effect on the order; the view after the commit.
   */
  async act(
    id: string,
    user: AuthUser,
    requestId: string | undefined,
    decide: (
      c: { dispute: Dispute; order: Order; actor: DisputeActor; tx: Tx; meta: ChangeMeta },
      now: Date,
    ) => Promise<DisputeChange> | DisputeChange,
  ): Promise<DisputeView> {
    const dispute = await this.uow.transaction(async (tx) => {
      const { dispute, order, actor } = await this.lockFor(tx, id, user);
      const now = new Date();
      const meta = { actorId: user.id, requestId };
      const change = await decide({ dispute, order, actor, tx, meta }, now);
      await this.save(tx, change, order, actor, meta, now);
      return change.dispute;
    });
    return this.view(dispute);
  }

  /** The view of a dispute (with its thread), read after the commit. */
  view(dispute: Dispute, withMessages = true): Promise<DisputeView> {
    return this.uow.read(async (tx) =>
      withMessages
        ? toDisputeView(
            dispute,
            await this.disputes.messages(tx, dispute.id),
            await this.photos.ofDispute(tx, dispute.id),
          )
        : toDisputeView(dispute),
    );
  }
}
