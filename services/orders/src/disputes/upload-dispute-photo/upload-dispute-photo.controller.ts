import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { DISPUTE_PHOTO_LIMITS, type DisputePhotoView } from '@loadout/contracts';
import { AcceptsBody } from '@loadout/http';
import { UploadDisputePhotoHandler } from './upload-dispute-photo.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class UploadDisputePhotoController {
  constructor(private readonly handler: UploadDisputePhotoHandler) {}

  /** The photo is the raw body (at most 5 MB); send its id when opening or posting. */
  @Authenticated()
  @Post(':id/dispute-photos')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'An evidence photo for a dispute of the order (its buyer, seller or admins; others 404)',
  })
  @ApiConsumes(...DISPUTE_PHOTO_LIMITS.photoTypes)
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @AcceptsBody(...DISPUTE_PHOTO_LIMITS.photoTypes)
  upload(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<DisputePhotoView> {
    return this.handler.upload(id, user, req.body);
  }
}
