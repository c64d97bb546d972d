import { Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type DisputeView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { disputeNotFound } from '../domain/dispute.errors';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { toDisputeView } from '../dispute-view';
import { DisputePhotoRepository } from '../persistence/dispute-photo.repository';

/** One dispute with its thread, for its parties and admins; anyone else gets 404. */
@Injectable()
export class ViewDisputeQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly disputes: DisputeRepository,
    private readonly photos: DisputePhotoRepository,
  ) {}

  view(id: string, user: AuthUser): Promise<DisputeView> {
    return this.uow.read(async (tx) => {
      const dispute = await this.disputes.findById(tx, id);
      if (!dispute?.actorFor({ id: user.id, isAdmin: isAdmin(user) })) throw disputeNotFound();
      return toDisputeView(
        dispute,
        await this.disputes.messages(tx, dispute.id),
        await this.photos.ofDispute(tx, dispute.id),
      );
    });
  }
}
