import { Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type PhotoSize } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { belongsTo, photoNotFoundHere } from '../domain/dispute-photos';
import { disputeNotFound } from '../domain/dispute.errors';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { DisputePhotoStore } from '../persistence/dispute-photo-store';
import { DisputePhotoRepository } from '../persistence/dispute-photo.repository';

/**
 * An evidence photo of a dispute, to whoever may see the dispute (its buyer and seller, admins;
 * a chargeback's to admins only) and only through the dispute it is attached to: another
 * dispute's photo, an unattached one or a missing one are "not found" alike.
 */
@Injectable()
export class ServeDisputePhotoHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly disputes: DisputeRepository,
    private readonly photos: DisputePhotoRepository,
    private readonly store: DisputePhotoStore,
  ) {}

  async serve(
    disputeId: string,
    photoId: string,
    user: AuthUser,
    size: PhotoSize,
  ): Promise<Buffer> {
    const photo = await this.uow.read(async (tx) => {
      const dispute = isId(disputeId) ? await this.disputes.findById(tx, disputeId) : null;
      if (!dispute?.actorFor({ id: user.id, isAdmin: isAdmin(user) })) throw disputeNotFound();
      return isId(photoId) ? this.photos.find(tx, photoId) : null;
    });
    if (!photo || !belongsTo(photo, disputeId)) throw photoNotFoundHere();
    return this.store.get(size === 'thumb' ? photo.thumbKey : photo.largeKey);
  }
}
