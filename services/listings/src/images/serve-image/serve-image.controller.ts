import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { notFoundError } from '@loadout/errors';
import { FilesystemObjectStorage, isObjectKey, type ObjectStorage } from '@loadout/storage';
import { OBJECT_STORAGE } from '../persistence/object-storage.provider';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };
const notFound = () =>
  notFoundError('COMMON.NOT_FOUND', 'The page or item you asked for does not exist.');

/**
 * Serves processed photos from the filesystem store (`publicUrl` points here). Only derived
 * files under `images/`; never uploaded originals. With S3 the bucket serves them instead.
 */
@ApiExcludeController()
@Controller('api/v1/images')
export class ServeImageController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @Public()
  @Get('*')
  async serve(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = (req.params as Record<string, string>)['*'] ?? '';
    const type = TYPES[key.slice(key.lastIndexOf('.') + 1)];
    if (
      !(this.storage instanceof FilesystemObjectStorage) ||
      !key.startsWith('images/') ||
      !isObjectKey(key) ||
      !type
    )
      throw notFound();
    const body = await this.storage.get(key);
    await reply
      .header('content-type', type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  }
}
