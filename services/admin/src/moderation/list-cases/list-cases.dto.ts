import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import {
  CASE_STATUSES,
  REPORT_REASONS,
  REPORT_SUBJECT_TYPES,
  type CaseStatus,
  type ReportReason,
  type ReportSubjectType,
  type ListCasesQuery,
} from '@loadout/contracts';
import { Omittable } from '@loadout/http';
import { AdminPageQueryDto } from '../../shared/admin-page-query.dto';

export class ListCasesQueryDto extends AdminPageQueryDto implements ListCasesQuery {
  @ApiPropertyOptional({ enum: CASE_STATUSES })
  @Omittable()
  @IsIn(CASE_STATUSES, { message: 'Status must be open, decided, appealed or closed.' })
  status?: CaseStatus;

  @ApiPropertyOptional({ enum: REPORT_SUBJECT_TYPES })
  @Omittable()
  @IsIn(REPORT_SUBJECT_TYPES, { message: 'Subject must be listing, profile or message.' })
  subjectType?: ReportSubjectType;

  @ApiPropertyOptional({ enum: REPORT_REASONS })
  @Omittable()
  @IsIn(REPORT_REASONS, { message: 'Unknown reason.' })
  reason?: ReportReason;
}
