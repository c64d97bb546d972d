import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { type ListingImageDto } from '@loadout/contracts';
import { imageNotFoundForListing } from '../domain/image.errors';
import { type ListingImages } from '../listing-images.port';
import { ImageEntity } from './image.entity';
import { toListingImageDto } from './image.mapper';

/** `LISTING_IMAGES`: which processed photos a listing shows, in order. */
@Injectable()
export class ListingImagesAdapter implements ListingImages {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async attach(
    tx: EntityManager,
    ownerId: string,
    listingId: string,
    imageIds: string[],
  ): Promise<ListingImageDto[]> {
    const repo = tx.getRepository(ImageEntity);
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

  async forListing(listingId: string, tx?: EntityManager): Promise<ListingImageDto[]> {
    const images = await (tx ?? this.dataSource.manager).getRepository(ImageEntity).find({
      where: { listingId, status: 'ready' },
      order: { position: 'ASC', id: 'ASC' },
    });
    return images.map(toListingImageDto);
  }
}
