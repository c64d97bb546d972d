import { Inject, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ReadinessRegistry } from '@loadout/http';
import {
  UPLOAD_PART_SIZE_BYTES,
  createObjectStorage,
  type ObjectStorage,
  type StorageConfig,
} from '@loadout/storage';
import { LISTING_IMAGES } from './domain/listing-images.port';
import { ImageRepository } from './persistence/image.repository';
import { ListingImagesAdapter } from './persistence/listing-images.adapter';
import { OBJECT_STORAGE } from './persistence/object-storage.provider';
import { ServeImageController } from './serve-image/serve-image.controller';
import { UploadImageController } from './upload-image/upload-image.controller';
import { UploadImageHandler } from './upload-image/upload-image.handler';

/**
 * Photo uploads and processing (docs/domain.md "Listings"), and the `LISTING_IMAGES` port the
 * listing handlers use. Needs `ImageEntity` in the app's TypeORM data source.
 */
@Module({})
export class ImagesModule implements OnModuleInit {
  constructor(
    private readonly readiness: ReadinessRegistry,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  static register(config: StorageConfig): DynamicModule {
    return {
      module: ImagesModule,
      controllers: [UploadImageController, ServeImageController],
      providers: [
        { provide: OBJECT_STORAGE, useFactory: () => createObjectStorage(config) },
        ImageRepository,
        UploadImageHandler,
        { provide: LISTING_IMAGES, useClass: ListingImagesAdapter },
      ],
      exports: [LISTING_IMAGES, OBJECT_STORAGE],
    };
  }

  onModuleInit(): void {
    this.readiness.register({ name: 'object-storage', check: () => this.storage.ping() });
    // Part PUTs of the filesystem store carry raw bytes up to one part; Fastify parses only
    // JSON and text by itself.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify && !fastify.hasContentTypeParser('application/octet-stream')) {
      fastify.addContentTypeParser(
        'application/octet-stream',
        { parseAs: 'buffer', bodyLimit: UPLOAD_PART_SIZE_BYTES },
        (_req, body, done) => done(null, body),
      );
    }
  }
}
