import {
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { ReadinessRegistry, acceptRawBodies } from '@loadout/http';
import { ImageQueue, imageQueueOf, type ImagesConfig } from '@loadout/images';
import {
  ObjectErasures,
  UPLOAD_PART_SIZE_BYTES,
  createObjectStorage,
  type ObjectStorage,
  type StorageConfig,
} from '@loadout/storage';
import { LISTINGS_SCHEMA } from '../listings.config';
import { LISTING_IMAGES } from './listing-images.port';
import { ImageRepository } from './persistence/image.repository';
import { ListingImagesAdapter } from './persistence/listing-images.adapter';
import { FILE_ERASURES, OBJECT_STORAGE } from './persistence/object-storage.provider';
import { ServeImageController } from './serve-image/serve-image.controller';
import { UploadImageController } from './upload-image/upload-image.controller';
import { UploadImageHandler } from './upload-image/upload-image.handler';

/** Photo files whose rows went are erased within about a minute, and retried while the store is down. */
const ERASE_FILES_EVERY_MS = 60 * 1000;

/**
 * Photo uploads and processing (docs/domain.md "Listings"), and the `LISTING_IMAGES` port the
 * listing handlers use. Needs `ImageEntity` in the app's TypeORM data source.
 */
@Module({})
export class ImagesModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly readiness: ReadinessRegistry,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(FILE_ERASURES) private readonly fileErasures: ObjectErasures,
  ) {}

  static register(config: StorageConfig & ImagesConfig): DynamicModule {
    return {
      module: ImagesModule,
      controllers: [UploadImageController, ServeImageController],
      providers: [
        { provide: OBJECT_STORAGE, useFactory: () => createObjectStorage(config) },
        {
          provide: FILE_ERASURES,
          inject: [OBJECT_STORAGE, getDataSourceToken()],
          useFactory: (storage: ObjectStorage, db: DataSource) =>
            new ObjectErasures({
              storage,
              db,
              schema: LISTINGS_SCHEMA,
              log: new Logger('PhotoFileErasures'),
            }),
        },
        // One bounded photo queue per process (issue 22 item 2, ADR 0026).
        { provide: ImageQueue, useFactory: () => imageQueueOf(config) },
        ImageRepository,
        UploadImageHandler,
        { provide: LISTING_IMAGES, useClass: ListingImagesAdapter },
      ],
      exports: [LISTING_IMAGES, OBJECT_STORAGE, FILE_ERASURES],
    };
  }

  onModuleInit(): void {
    this.readiness.register({ name: 'object-storage', check: () => this.storage.ping() });
    this.fileErasures.start(ERASE_FILES_EVERY_MS);
    // Part PUTs of the filesystem store carry raw bytes up to one part.
    acceptRawBodies(this.adapterHost, ['application/octet-stream'], UPLOAD_PART_SIZE_BYTES);
  }

  async onModuleDestroy(): Promise<void> {
    await this.fileErasures.stop();
  }
}
