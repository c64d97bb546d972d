import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import {
  BUG_REPORT_STATUSES,
  BUG_SEVERITIES,
  type BugReportStatus,
  type BugSeverity,
  type ListBugReportsQuery,
} from '@loadout/contracts';
import { Omittable } from '@loadout/http';
import { AdminPageQueryDto } from '../../shared/admin-page-query.dto';

export class ListBugReportsQueryDto extends AdminPageQueryDto implements ListBugReportsQuery {
  @ApiPropertyOptional({ enum: BUG_REPORT_STATUSES })
  @Omittable()
  @IsIn(BUG_REPORT_STATUSES, { message: 'Status must be open or closed.' })
  status?: BugReportStatus;

  @ApiPropertyOptional({ enum: BUG_SEVERITIES })
  @Omittable()
  @IsIn(BUG_SEVERITIES, { message: 'Severity must be low, medium, high or critical.' })
  severity?: BugSeverity;
}
