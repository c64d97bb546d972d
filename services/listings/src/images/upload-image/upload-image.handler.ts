import { Inject, Injectable } from '@nestjs/common';
import { type ListingImageDto, type UploadTicket } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { AppError, notFoundError } from '@loadout/errors';
import {
  FilesystemObjectStorage,
  type CompletedPart,
  type ObjectStorage,
  type SignedPartQuery,
} from '@loadout/storage';
import {
  imageAttached,
  imageTooLarge,
  tooManyPendingUploads,
  uploadFailed,
  uploadNotFound,
} from '../domain/image.errors';
import { IMAGE_MAX_BYTES, ImageQueue, processImage } from '@loadout/images';
import { MAX_PENDING_UPLOADS, OBJECT_STORAGE } from '../persistence/object-storage.provider';
import { type ImageEntity } from '../persistence/image.entity';
import { imageKeys, toListingImageDto } from '../persistence/image.mapper';
import { ImageRepository } from '../persistence/image.repository';
import { type UploadRequestDto } from './upload-image.dto';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Photo uploads: the browser PUTs the original straight to object storage, then `complete`
 * re-encodes it (EXIF stripped) into two WebP sizes and drops the original.
 */
@Injectable()
export class UploadImageHandler {
  constructor(
    private readonly images: ImageRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly queue: ImageQueue,
  ) {}

  async start(ownerId: string, input: UploadRequestDto): Promise<UploadTicket> {
    const pending = await this.images.countPendingSince(ownerId, new Date(Date.now() - DAY_MS));
    if (pending >= MAX_PENDING_UPLOADS) throw tooManyPendingUploads(MAX_PENDING_UPLOADS);
    const id = newId();
    const keys = imageKeys(ownerId, id);
    const target = await this.storage.createUpload(keys.original, {
      contentType: input.contentType,
      sizeBytes: input.sizeBytes,
    });
    await this.images.insert({
      id,
      ownerId,
      listingId: null,
      position: null,
      status: 'pending',
      uploadId: target.uploadId,
      originalKey: keys.original,
      sizeBytes: input.sizeBytes,
      contentType: input.contentType,
    });
    return {
      uploadId: id,
      partSizeBytes: target.partSizeBytes,
      parts: target.parts,
      headers: target.headers,
      expiresAt: target.expiresAt.toISOString(),
    };
  }

  /** A part PUT to the filesystem store's signed URL; S3 uploads never come here. */
  async receivePart(
    storageUploadId: string,
    partNumber: string,
    body: unknown,
    query: SignedPartQuery,
  ): Promise<{ etag: string }> {
    if (!(this.storage instanceof FilesystemObjectStorage))
      throw notFoundError('COMMON.NOT_FOUND', 'The page or item you asked for does not exist.');
    if (!Buffer.isBuffer(body))
      throw new AppError(
        'IMAGES.PART_BODY',
        'Send the part as application/octet-stream.',
        'validation',
      );
    return this.storage.receivePart(storageUploadId, partNumber, body, query);
  }

  async complete(
    ownerId: string,
    imageId: string,
    parts: CompletedPart[],
  ): Promise<ListingImageDto> {
    const image = await this.ownImage(ownerId, imageId);
    if (image.status === 'ready') return toListingImageDto(image);
    if (image.status === 'failed') throw uploadFailed();

    await this.assemble(image, parts);
    const size = (await this.storage.stat(image.originalKey))?.size ?? 0;
    if (size > IMAGE_MAX_BYTES) await this.refuse(image, imageTooLarge());
    const processed = await processImage(await this.storage.get(image.originalKey), {
      queue: this.queue,
    }).catch((err: unknown) =>
      // A full queue (429 IMAGES.BUSY) is no verdict on the photo: `complete` may be retried.
      err instanceof AppError && err.code.startsWith('IMAGES.') && err.code !== 'IMAGES.BUSY'
        ? this.refuse(image, err)
        : Promise.reject(err),
    );
    const keys = imageKeys(ownerId, image.id);
    await this.storage.put(keys.large, processed.large.data, processed.contentType);
    await this.storage.put(keys.thumb, processed.thumb.data, processed.contentType);
    Object.assign(image, {
      status: 'ready',
      uploadId: null,
      url: this.storage.publicUrl(keys.large),
      thumbUrl: this.storage.publicUrl(keys.thumb),
      width: processed.large.width,
      height: processed.large.height,
    } satisfies Partial<ImageEntity>);
    await this.images.save(image);
    await this.storage.delete(image.originalKey);
    return toListingImageDto(image);
  }

  /** Cancels an upload or deletes an unattached photo with its files. */
  async cancel(ownerId: string, imageId: string): Promise<void> {
    const image = await this.ownImage(ownerId, imageId);
    if (image.listingId) throw imageAttached();
    if (image.status === 'pending' && image.uploadId)
      await this.storage.abortUpload(image.originalKey, image.uploadId);
    const keys = imageKeys(image.ownerId, image.id);
    for (const key of [image.originalKey, keys.large, keys.thumb]) await this.storage.delete(key);
    await this.images.delete(image.id);
  }

  /** Another user's upload is reported as missing, not as forbidden: ids reveal nothing. */
  private async ownImage(ownerId: string, imageId: string): Promise<ImageEntity> {
    const image = await this.images.findById(imageId);
    if (!image || image.ownerId !== ownerId) throw uploadNotFound();
    return image;
  }

  private async assemble(image: ImageEntity, parts: CompletedPart[]): Promise<void> {
    try {
      await this.storage.completeUpload(image.originalKey, image.uploadId ?? '', parts);
    } catch (err) {
      // A retried complete whose first attempt already assembled the object carries on.
      const code = (err as { code?: string }).code;
      if (code !== 'STORAGE.UPLOAD_NOT_FOUND' || !(await this.storage.stat(image.originalKey)))
        throw err;
    }
  }

  /** Keeps nothing of a refused photo and remembers the refusal; rethrows `err`. */
  private async refuse(image: ImageEntity, err: AppError): Promise<never> {
    await this.storage.delete(image.originalKey);
    await this.images.markFailed(image.id);
    throw err;
  }
}
