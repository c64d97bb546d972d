import { Injectable } from '@nestjs/common';
import { type BugReportDto } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { notFoundError } from '@loadout/errors';
import { AuditLogRepository } from '../../audit/persistence/audit-log.repository';
import { BugReportRepository, toBugReportDto } from '../persistence/bug-report.repository';
import { type UpdateBugReportDto } from './update-bug-report.dto';

/** An admin closes (or reopens) a bug report; the audit log records it in the same commit. */
@Injectable()
export class UpdateBugReportHandler {
  constructor(
    private readonly reports: BugReportRepository,
    private readonly audit: AuditLogRepository,
  ) {}

  async update(id: string, input: UpdateBugReportDto, adminId: string): Promise<BugReportDto> {
    const notFound = () => notFoundError('ADMIN.BUG_REPORT_NOT_FOUND', 'No such bug report.');
    if (!isId(id)) throw notFound();
    return this.reports.transaction(async (tx) => {
      const row = await this.reports.setStatus(tx, id, input.status);
      if (!row) throw notFound();
      await this.audit.append(tx, {
        actorId: adminId,
        action: input.status === 'closed' ? 'bug_report.closed' : 'bug_report.reopened',
        targetType: 'bug_report',
        targetId: id,
      });
      return toBugReportDto(row);
    });
  }
}
