import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { validationError } from '@loadout/errors';
import { ServeImageHandler } from './serve-image.handler';

const SIZES = ['large', 'thumb'] as const;

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class ServeImageController {
  constructor(private readonly handler: ServeImageHandler) {}

  @Authenticated()
  @Get(':id/images/:imageId')
  @ApiProduces('image/webp')
  @ApiQuery({ name: 'size', required: false, enum: SIZES })
  async serve(
    @Param('id') id: string,
    @Param('imageId') imageId: string,
    @Query('size') size: unknown,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (size !== undefined && !SIZES.includes(size as (typeof SIZES)[number]))
      throw validationError('MESSAGING.IMAGE_SIZE', 'size must be large or thumb.', [
        { field: 'size', messages: ['size must be large or thumb.'] },
      ]);
    const body = await this.handler.execute(
      id,
      imageId,
      user.id,
      size === 'thumb' ? 'thumb' : 'large',
    );
    // Answered to a token bearer: the house's onSend hook marks it no-store (personal data);
    // the web client keeps the photos it has fetched in memory for the session.
    await reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(body);
  }
}
