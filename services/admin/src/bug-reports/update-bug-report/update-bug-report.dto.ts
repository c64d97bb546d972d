import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import {
  BUG_REPORT_STATUSES,
  type BugReportStatus,
  type UpdateBugReportRequest,
} from '@loadout/contracts';

export class UpdateBugReportDto implements UpdateBugReportRequest {
  @ApiProperty({ enum: BUG_REPORT_STATUSES })
  @IsIn(BUG_REPORT_STATUSES, { message: 'Status must be open or closed.' })
  status!: BugReportStatus;
}
