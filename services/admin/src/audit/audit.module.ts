import { Module } from '@nestjs/common';
import { ListAuditLogController } from './list-audit-log/list-audit-log.controller';
import { AuditLogRepository } from './persistence/audit-log.repository';
import { RecordAccountActionsController } from './record-account-actions/record-account-actions.controller';

/**
 * The append-only audit log: written by every admin use case (and, for account actions taken in
 * identity, from its events), read by admins.
 */
@Module({
  controllers: [ListAuditLogController, RecordAccountActionsController],
  providers: [AuditLogRepository],
  exports: [AuditLogRepository],
})
export class AuditModule {}
