import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { type DisputeActor } from '../domain/dispute-state';
import { DisputeWorkflow } from '../dispute-workflow';

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
  ) {}

  async post(id: string, body: string, user: AuthUser): Promise<DisputeView> {
    const dispute = await this.uow.transaction(async (tx) => {
      const { dispute, actor } = await this.workflow.lockFor(tx, id, user);
      dispute.assertCanPost(actor);
      if (actor === 'system') throw new Error('the system writes no messages');
      await this.disputes.addMessage(tx, {
        disputeId: dispute.id,
        authorId: user.id,
        authorRole: ROLE[actor],
        body: body.trim(),
      });
      return dispute;
    });
    return this.workflow.view(dispute);
  }
}
