import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type AdminPage, type BugReportDto } from '@loadout/contracts';
import { pageOf, toPosition } from '../../shared/page';
import {
  BugReportRepository,
  bugReportPosition,
  toBugReportDto,
} from '../persistence/bug-report.repository';
import { ListBugReportsQueryDto } from './list-bug-reports.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/bug-reports')
export class ListBugReportsController {
  constructor(private readonly reports: BugReportRepository) {}

  @Roles('admin')
  @Get()
  async list(@Query() query: ListBugReportsQueryDto): Promise<AdminPage<BugReportDto>> {
    const limit = query.limit ?? 25;
    const rows = await this.reports.page(
      { status: query.status, severity: query.severity },
      toPosition(query.cursor),
      limit,
    );
    return pageOf(rows, limit, toBugReportDto, bugReportPosition);
  }
}
