import { Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { DISPUTE_PHOTO_LIMITS, type DisputePhotoView } from '@loadout/contracts';
import { isId, newId } from '@loadout/db';
import { ImageQueue, processImage } from '@loadout/images';
import { UnitOfWork } from '@loadout/service-kit';
import { OrderRepository } from '../../escrow/domain/order-repository.port';
import { orderNotFound } from '../../escrow/domain/order.errors';
import { disputePhotoKeys, photoBodyMissing, tooManyUploads } from '../domain/dispute-photos';
import { DisputePhotoStore } from '../persistence/dispute-photo-store';
import { DisputePhotoRepository } from '../persistence/dispute-photo.repository';

const DAY_MS = 86_400_000;

/**
 * An evidence photo for an order's dispute (ADR 0037): its buyer, its seller or an admin
 * uploads it (anyone else: 404, before anything about the body is said); it is checked and
 * re-encoded by the shared pipeline (@loadout/images: type by its bytes, pixel limit, EXIF and
 * GPS stripped, WebP at 1200 and 400 px), kept privately, and attached when the uploader opens
 * the dispute or posts to its thread.
 */
@Injectable()
export class UploadDisputePhotoHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly photos: DisputePhotoRepository,
    private readonly store: DisputePhotoStore,
    private readonly queue: ImageQueue,
  ) {}

  async upload(orderId: string, user: AuthUser, body: unknown): Promise<DisputePhotoView> {
    const order = isId(orderId)
      ? await this.uow.read((tx) => this.orders.findById(tx, orderId))
      : null;
    if (!order?.actorFor({ id: user.id, isAdmin: isAdmin(user) })) throw orderNotFound();
    if (!Buffer.isBuffer(body) || body.length === 0) throw photoBodyMissing();
    const since = new Date(Date.now() - DAY_MS);
    if (
      (await this.uow.read((tx) => this.photos.countUploadedSince(tx, user.id, since))) >=
      DISPUTE_PHOTO_LIMITS.photosPerDay
    )
      throw tooManyUploads();

    const processed = await processImage(body, {
      maxBytes: DISPUTE_PHOTO_LIMITS.photoMaxBytes,
      queue: this.queue,
    });
    const id = newId();
    const keys = disputePhotoKeys(order.id, id);
    await this.store.put(keys.large, processed.large.data, processed.contentType);
    await this.store.put(keys.thumb, processed.thumb.data, processed.contentType);
    const photo = {
      id,
      orderId: order.id,
      uploaderId: user.id,
      disputeId: null,
      messageId: null,
      largeKey: keys.large,
      thumbKey: keys.thumb,
      width: processed.large.width,
      height: processed.large.height,
    };
    await this.uow.transaction((tx) => this.photos.insert(tx, photo));
    return { id, width: photo.width, height: photo.height };
  }
}
