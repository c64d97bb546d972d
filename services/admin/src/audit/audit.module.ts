import { Module } from '@nestjs/common';
import { ListAuditLogController } from './list-audit-log/list-audit-log.controller';
import { AuditLogRepository } from './persistence/audit-log.repository';

/** The append-only audit log: written by every admin use case, read by admins. */
@Module({
  controllers: [ListAuditLogController],
  providers: [AuditLogRepository],
  exports: [AuditLogRepository],
})
export class AuditModule {}
