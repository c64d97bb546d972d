import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { entityManagerOf, poolSqlOf, sqlOf, type RunSql, type Tx } from '@loadout/service-kit';
import { type ListingImageDto } from '@loadout/contracts';
import { type ObjectErasures } from '@loadout/storage';
import { imageNotFoundForListing } from '../domain/image.errors';
import { type ListingImages } from '../listing-images.port';
import { ImageEntity } from './image.entity';
import { imageKeys, toListingImageDto } from './image.mapper';
import { FILE_ERASURES } from './object-storage.provider';

/** `LISTING_IMAGES`: which processed photos a listing shows, in order. */
@Injectable()
export class ListingImagesAdapter implements ListingImages {
  private readonly reads: RunSql;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(FILE_ERASURES) private readonly fileErasures: ObjectErasures,
  ) {
    this.reads = poolSqlOf(dataSource);
  }

  async eraseOwner(tx: Tx, ownerId: string): Promise<number> {
    const em = entityManagerOf(tx);
    const images = await em.getRepository(ImageEntity).find({
      where: { ownerId },
      lock: { mode: 'pessimistic_write' },
    });
    if (images.length === 0) return 0;
    await em.getRepository(ImageEntity).delete({ ownerId });
    // The files are queued in this transaction and deleted once it commits, retried while the
    // store is down: a rollback keeps them, an outage leaves no orphan (ADR 0039).
    await this.fileErasures.enqueue(
      em,
      images.flatMap((image) => {
        const keys = imageKeys(ownerId, image.id);
        return [image.originalKey, keys.large, keys.thumb];
      }),
    );
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
    // Hand-written (ADR 0055): the listing page and the checkout's read of the listing.
    const statement = `SELECT id, url, thumb_url AS "thumbUrl", width, height FROM listings.images
      WHERE listing_id = $1 AND status = 'ready' ORDER BY position, id`;
    const images = await (tx ? sqlOf(tx) : this.reads)<Parameters<typeof toListingImageDto>[0]>(
      statement,
      [listingId],
    );
    return images.map(toListingImageDto);
  }
}
