import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ClientLimiter } from '../shared/client-limiter';
import { ListBugReportsController } from './list-bug-reports/list-bug-reports.controller';
import { BugReportRepository } from './persistence/bug-report.repository';
import { SubmitBugReportController } from './submit-bug-report/submit-bug-report.controller';
import { SubmitBugReportHandler } from './submit-bug-report/submit-bug-report.handler';
import { UpdateBugReportController } from './update-bug-report/update-bug-report.controller';
import { UpdateBugReportHandler } from './update-bug-report/update-bug-report.handler';

@Module({
  imports: [AuditModule],
  controllers: [SubmitBugReportController, ListBugReportsController, UpdateBugReportController],
  providers: [BugReportRepository, ClientLimiter, SubmitBugReportHandler, UpdateBugReportHandler],
})
export class BugReportsModule {}
