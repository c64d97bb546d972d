import {
  Body,
  Controller,
  Delete,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser, Public, type AuthUser } from '@loadout/auth';
import { type ListingImageDto, type UploadTicket } from '@loadout/contracts';
import { AcceptsBody } from '@loadout/http';
import { CompleteUploadDto, UploadRequestDto } from './upload-image.dto';
import { UploadImageHandler } from './upload-image.handler';

@ApiTags('uploads')
@Controller('api/v1/uploads')
export class UploadImageController {
  constructor(private readonly handler: UploadImageHandler) {}

  @Authenticated()
  @ApiBearerAuth()
  @Post()
  start(@Body() body: UploadRequestDto, @CurrentUser() user: AuthUser): Promise<UploadTicket> {
    return this.handler.start(user.id, body);
  }

  /** Filesystem store only: the part URLs of a ticket point here, authorised by their signature. */
  @Public()
  @ApiConsumes('application/octet-stream')
  @Put(':uploadId/parts/:partNumber')
  @AcceptsBody('application/octet-stream')
  async putPart(
    @Param('uploadId') uploadId: string,
    @Param('partNumber') partNumber: string,
    @Query() query: Record<string, unknown>,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const { etag } = await this.handler.receivePart(uploadId, partNumber, req.body, query);
    void reply.header('etag', etag);
  }

  @Authenticated()
  @ApiBearerAuth()
  @Post(':uploadId/complete')
  @HttpCode(200)
  complete(
    @Param('uploadId') uploadId: string,
    @Body() body: CompleteUploadDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ListingImageDto> {
    return this.handler.complete(user.id, uploadId, body.parts);
  }

  @Authenticated()
  @ApiBearerAuth()
  @Delete(':uploadId')
  @HttpCode(204)
  async cancel(@Param('uploadId') uploadId: string, @CurrentUser() user: AuthUser): Promise<void> {
    await this.handler.cancel(user.id, uploadId);
  }
}
