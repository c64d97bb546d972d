import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { OptionalUser, Public, type AuthUser } from '@loadout/auth';
import { type BugReportReceiptDto } from '@loadout/contracts';
import { clientIpOf } from '@loadout/http';
import { SubmitBugReportDto } from './submit-bug-report.dto';
import { SubmitBugReportHandler } from './submit-bug-report.handler';

@ApiTags('bug-reports')
@Controller('api/v1/bug-reports')
export class SubmitBugReportController {
  constructor(private readonly handler: SubmitBugReportHandler) {}

  @Public()
  @Post()
  @ApiOperation({ summary: 'Report a bug (email required when signed out); limited per address' })
  submit(
    @Body() body: SubmitBugReportDto,
    @OptionalUser() user: AuthUser | null,
    @Req() req: FastifyRequest,
  ): Promise<BugReportReceiptDto> {
    return this.handler.submit(body, user, clientIpOf(req));
  }
}
