import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { ServeImageQueryDto } from './serve-image.dto';
import { ServeImageHandler } from './serve-image.handler';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class ServeImageController {
  constructor(private readonly handler: ServeImageHandler) {}

  @Authenticated()
  @Get(':id/images/:imageId')
  @ApiProduces('image/webp')
  async serve(
    @Param('id') id: string,
    @Param('imageId') imageId: string,
    @Query() query: ServeImageQueryDto,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const body = await this.handler.execute(id, imageId, user.id, query.size ?? 'large');
    // Answered to a token bearer: the house's onSend hook marks it no-store (personal data);
    // the web client keeps the photos it has fetched in memory for the session.
    await reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(body);
  }
}
