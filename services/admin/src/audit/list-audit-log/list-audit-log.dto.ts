import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '@loadout/http';
import { AdminPageQueryDto } from '../../shared/admin-page-query.dto';
import { type ListAuditLogQuery } from '@loadout/contracts';

export class ListAuditLogQueryDto extends AdminPageQueryDto implements ListAuditLogQuery {
  @ApiPropertyOptional({ description: 'Only this admin' })
  @Omittable()
  @IsString()
  @MaxLength(64)
  actorId?: string;

  @ApiPropertyOptional({ description: 'bug_report, case, dead_letter, …' })
  @Omittable()
  @IsString()
  @Matches(/^[a-z_]{1,30}$/, { message: 'targetType is a lowercase word such as case.' })
  targetType?: string;
}
