import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type DataExportArchive } from '@loadout/contracts';
import { bearerOf } from '../platform/platform-services';
import { ExportMyDataHandler } from './export-my-data.handler';

@ApiTags('privacy')
@ApiBearerAuth()
@Controller('api/v1/me')
export class ExportMyDataController {
  constructor(private readonly handler: ExportMyDataHandler) {}

  /** Only ever the caller's own data: there is no id to choose. */
  @Authenticated()
  @Get('export')
  @ApiOperation({
    summary: 'Download my data: one JSON archive with a part per service (GDPR art. 15/20)',
  })
  async export(
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DataExportArchive> {
    const archive = await this.handler.export(user.id, bearerOf(req.headers));
    void reply.header('cache-control', 'no-store');
    void reply.header(
      'content-disposition',
      `attachment; filename="loadout-data-${archive.generatedAt.slice(0, 10)}.json"`,
    );
    return archive;
  }
}
