import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { entityManagerOf, type Tx } from '@loadout/service-kit';
import { type ListingImageDto } from '@loadout/contracts';
import { type ObjectStorage } from '@loadout/storage';
import { imageNotFoundForListing } from '../domain/image.errors';
import { type ListingImages } from '../listing-images.port';
import { ImageEntity } from './image.entity';
import { imageKeys, toListingImageDto } from './image.mapper';
import { OBJECT_STORAGE } from './object-storage.provider';

/** `LISTING_IMAGES`: which processed photos a listing shows, in order. */
@Injectable()
export class ListingImagesAdapter implements ListingImages {
  private readonly log = new Logger(ListingImagesAdapter.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async eraseOwner(tx: Tx, ownerId: string): Promise<number> {
    const em = entityManagerOf(tx);
    const images = await em.getRepository(ImageEntity).find({
      where: { ownerId },
      lock: { mode: 'pessimistic_write' },
    });
    if (images.length === 0) return 0;
    await em.getRepository(ImageEntity).delete({ ownerId });
    // Files last: a failure leaves an unreferenced file (logged), never a row without its file.
    // A file already gone is not an error (both stores delete idempotently).
    for (const image of images) {
      const keys = imageKeys(ownerId, image.id);
      for (const key of [keys.original, keys.large, keys.thumb])
        await this.storage.delete(key).catch((err: unknown) => {
          this.log.warn(`photo file ${key} of a deleted account not deleted: ${String(err)}`);
        });
    }
    return images.length;
  }

  async attach(
    tx: Tx,
    ownerId: string,
    listingId: string,
    imageIds: string[],
  ): Promise<ListingImageDto[]> {
    const repo = entityManagerOf(tx).getRepository(ImageEntity);
    const found = imageIds.length
      ? await repo.find({
          where: { id: In(imageIds) },
          order: { id: 'ASC' },
          lock: { mode: 'pessimistic_write' },
        })
      : [];
    const byId = new Map(found.map((i) => [i.id, i]));
    const problems: string[] = [];
    imageIds.forEach((id, index) => {
      const image = byId.get(id);
      const n = index + 1;
      if (imageIds.indexOf(id) !== index) problems.push(`Photo ${n} is listed twice.`);
      else if (!image || image.ownerId !== ownerId)
        problems.push(`Photo ${n} could not be found. Please upload it again.`);
      else if (image.status !== 'ready') problems.push(`Photo ${n} has not finished uploading.`);
      else if (image.listingId && image.listingId !== listingId)
        problems.push(`Photo ${n} is already on another listing.`);
    });
    if (problems.length) throw imageNotFoundForListing(problems);

    await repo
      .createQueryBuilder()
      .update()
      .set({ listingId: null, position: null })
      .where('listing_id = :listingId', { listingId })
      .andWhere(imageIds.length ? 'id NOT IN (:...imageIds)' : 'TRUE', { imageIds })
      .execute();
    const attached: ImageEntity[] = [];
    for (const [position, id] of imageIds.entries()) {
      const image = Object.assign(byId.get(id)!, { listingId, position });
      await repo.update({ id }, { listingId, position });
      attached.push(image);
    }
    return attached.map(toListingImageDto);
  }

  async forListing(listingId: string, tx?: Tx): Promise<ListingImageDto[]> {
    const images = await (tx ? entityManagerOf(tx) : this.dataSource.manager)
      .getRepository(ImageEntity)
      .find({
        where: { listingId, status: 'ready' },
        order: { position: 'ASC', id: 'ASC' },
      });
    return images.map(toListingImageDto);
  }
}
