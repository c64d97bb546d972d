import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, MoreThan } from 'typeorm';
import { ImageEntity } from './image.entity';

/**
 * Uploaded photos (`listings.images`) for the upload use case. Attaching photos to a listing
 * goes through the `ListingImages` adapter, inside the listing's transaction.
 */
@Injectable()
export class ImageRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get images() {
    return this.dataSource.getRepository(ImageEntity);
  }

  /** How many of the owner's uploads are still pending since `since`. */
  countPendingSince(ownerId: string, since: Date): Promise<number> {
    return this.images.count({
      where: { ownerId, status: 'pending', createdAt: MoreThan(since) },
    });
  }

  findById(id: string): Promise<ImageEntity | null> {
    return this.images.findOneBy({ id });
  }

  async insert(image: Partial<ImageEntity>): Promise<void> {
    await this.images.insert(image);
  }

  async save(image: ImageEntity): Promise<void> {
    await this.images.save(image);
  }

  /** Remembers a refused upload: nothing of it is kept. */
  async markFailed(id: string): Promise<void> {
    await this.images.update({ id }, { status: 'failed', uploadId: null });
  }

  async delete(id: string): Promise<void> {
    await this.images.delete({ id });
  }
}
