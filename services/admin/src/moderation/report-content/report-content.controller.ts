import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { OptionalUser, Public, type AuthUser } from '@loadout/auth';
import { type ReportReceiptDto } from '@loadout/contracts';
import { clientIpOf } from '@loadout/http';
import { ReportContentDto } from './report-content.dto';
import { ReportContentHandler } from './report-content.handler';

@ApiTags('reports')
@Controller('api/v1/reports')
export class ReportContentController {
  constructor(private readonly handler: ReportContentHandler) {}

  @Public()
  @Post()
  @ApiOperation({ summary: 'Report a listing, profile or message (DSA art. 16 notice)' })
  report(
    @Body() body: ReportContentDto,
    @OptionalUser() user: AuthUser | null,
    @Req() req: FastifyRequest,
  ): Promise<ReportReceiptDto> {
    return this.handler.report(body, user, clientIpOf(req), String(req.id));
  }
}
