import { Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type DisputeView, type OpenDisputeRequest } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../../escrow/domain/order-repository.port';
import { orderNotFound } from '../../escrow/domain/order.errors';
import { OrdersWorker } from '../../escrow/run-deadlines/orders-worker';
import { Dispute } from '../domain/dispute';
import {
  DisputeDomainError,
  disputeAlreadyOpen,
  orderNotDisputable,
} from '../domain/dispute.errors';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { DisputeWorkflow } from '../dispute-workflow';
import { photoIdsOf, photoNotFound } from '../domain/dispute-photos';
import { DisputePhotoRepository } from '../persistence/dispute-photo.repository';

/**
 * The buyer opens a dispute on a paid or shipped order: in one transaction on the locked
 * order, the dispute is written, the order becomes `disputed` and its release / ship-by
 * deadlines are dropped — a deadline already due finds the order disputed and does nothing.
 */
@Injectable()
export class OpenDisputeHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly disputes: DisputeRepository,
    private readonly workflow: DisputeWorkflow,
    private readonly worker: OrdersWorker,
    private readonly photos: DisputePhotoRepository,
  ) {}

  async open(
    orderId: string,
    body: OpenDisputeRequest,
    user: AuthUser,
    requestId?: string,
  ): Promise<DisputeView> {
    const photoIds = photoIdsOf(body.photoIds);
    const dispute = await this.uow.transaction(async (tx) => {
      const order = await this.orders.lock(tx, orderId);
      const actor = order?.actorFor({ id: user.id, isAdmin: isAdmin(user) }) ?? null;
      if (!order || !actor) throw orderNotFound();
      if (actor !== 'buyer')
        throw new DisputeDomainError(
          'DISPUTES.NOT_ALLOWED',
          'Only the buyer can open a dispute.',
          'forbidden',
        );
      if ((await this.disputes.activeForOrder(tx, order.id, 'buyer')).length > 0)
        throw disputeAlreadyOpen();
      if (order.status !== 'paid' && order.status !== 'shipped') throw orderNotDisputable();
      const now = new Date();
      const meta = { actorId: user.id, requestId };
      const change = Dispute.open(
        {
          id: newId(),
          order: {
            id: order.id,
            buyerId: order.buyerId,
            sellerId: order.sellerId,
            totalCents: order.amounts.totalCents,
          },
          reason: body.reason,
          description: body.description,
          wanted: body.wanted,
        },
        now,
        this.workflow.rules,
      );
      const frozen = order.openDispute('buyer', `Dispute opened: ${body.reason}.`, now);
      await this.orders.save(tx, frozen, meta);
      await this.workflow.save(tx, change, frozen.order, 'buyer', meta, now);
      // The evidence: the buyer's own unattached photos of this order, or nothing at all.
      const attached = await this.photos.attach(tx, photoIds, {
        orderId: order.id,
        uploaderId: user.id,
        disputeId: change.dispute.id,
        messageId: null,
      });
      if (attached !== photoIds.length) throw photoNotFound();
      return change.dispute;
    });
    this.worker.wake();
    return this.workflow.view(dispute);
  }
}
