import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { DisputePhotoQueryDto } from './serve-dispute-photo.dto';
import { ServeDisputePhotoHandler } from './serve-dispute-photo.handler';

@ApiTags('disputes')
@ApiBearerAuth()
@Controller('api/v1/disputes')
export class ServeDisputePhotoController {
  constructor(private readonly handler: ServeDisputePhotoHandler) {}

  @Authenticated()
  @Get(':id/photos/:photoId')
  @ApiOperation({ summary: "A dispute's evidence photo (its parties and admins; others 404)" })
  @ApiProduces('image/webp')
  async serve(
    @Param('id') id: string,
    @Param('photoId') photoId: string,
    @Query() query: DisputePhotoQueryDto,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const body = await this.handler.serve(id, photoId, user, query.size ?? 'large');
    // Personal evidence answered to a token bearer: the house's onSend hook marks it no-store.
    await reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(body);
  }
}
