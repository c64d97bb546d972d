import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '@loadout/auth';
import { type AdminPage, type AuditEntryDto } from '@loadout/contracts';
import { pageOf, toPosition } from '../../shared/page';
import {
  AuditLogRepository,
  auditPosition,
  toAuditEntryDto,
} from '../persistence/audit-log.repository';
import { ListAuditLogQueryDto } from './list-audit-log.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/v1/admin/audit-log')
export class ListAuditLogController {
  constructor(private readonly audit: AuditLogRepository) {}

  @Roles('admin')
  @Get()
  async list(@Query() query: ListAuditLogQueryDto): Promise<AdminPage<AuditEntryDto>> {
    const limit = query.limit ?? 25;
    const rows = await this.audit.page(
      { actorId: query.actorId, targetType: query.targetType },
      toPosition(query.cursor),
      limit,
    );
    return pageOf(rows, limit, toAuditEntryDto, auditPosition);
  }
}
