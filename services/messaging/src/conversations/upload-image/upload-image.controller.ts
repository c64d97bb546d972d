import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { MESSAGE_LIMITS, type MessageImageDto } from '@loadout/contracts';
import { AcceptsBody } from '@loadout/http';
import { UploadImageHandler } from './upload-image.handler';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class UploadImageController {
  constructor(private readonly handler: UploadImageHandler) {}

  /** The photo is the raw body (at most 5 MB); send its id with the message. */
  @Authenticated()
  @Post(':id/images')
  @HttpCode(201)
  @ApiConsumes(...MESSAGE_LIMITS.imageTypes)
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @AcceptsBody(...MESSAGE_LIMITS.imageTypes)
  upload(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<MessageImageDto> {
    return this.handler.execute(id, user.id, req.body);
  }
}
