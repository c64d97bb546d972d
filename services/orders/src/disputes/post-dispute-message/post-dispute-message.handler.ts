import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { type DisputeActor } from '../domain/dispute-state';
import { DisputeWorkflow } from '../dispute-workflow';
import { photoIdsOf, photoNotFound } from '../domain/dispute-photos';
import { DisputePhotoRepository } from '../persistence/dispute-photo.repository';

const ROLE: Record<Exclude<DisputeActor, 'system'>, 'buyer' | 'seller' | 'admin'> = {
  buyer: 'buyer',
  seller: 'seller',
  admin: 'admin',
};

/** A message in the dispute's thread (the parties and admins, while it is active). */
@Injectable()
export class PostDisputeMessageHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly disputes: DisputeRepository,
    private readonly workflow: DisputeWorkflow,
    private readonly photos: DisputePhotoRepository,
  ) {}

  async post(
    id: string,
    body: string,
    user: AuthUser,
    rawPhotoIds?: unknown,
  ): Promise<DisputeView> {
    const photoIds = photoIdsOf(rawPhotoIds);
    const dispute = await this.uow.transaction(async (tx) => {
      const { dispute, actor } = await this.workflow.lockFor(tx, id, user);
      dispute.assertCanPost(actor);
      if (actor === 'system') throw new Error('the system writes no messages');
      const message = await this.disputes.addMessage(tx, {
        disputeId: dispute.id,
        authorId: user.id,
        authorRole: ROLE[actor],
        body: body.trim(),
      });
      const attached = await this.photos.attach(tx, photoIds, {
        orderId: dispute.props.orderId,
        uploaderId: user.id,
        disputeId: dispute.id,
        messageId: message.id,
      });
      if (attached !== photoIds.length) throw photoNotFound();
      return dispute;
    });
    return this.workflow.view(dispute);
  }
}
