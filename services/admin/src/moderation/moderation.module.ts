import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ServiceDirectory } from '../platform/service-directory';
import { ClientLimiter } from '../shared/client-limiter';
import { AppealDecisionController } from './appeal-decision/appeal-decision.controller';
import { AppealDecisionHandler } from './appeal-decision/appeal-decision.handler';
import { DecideAppealController } from './decide-appeal/decide-appeal.controller';
import { DecideAppealHandler } from './decide-appeal/decide-appeal.handler';
import { DecideCaseController } from './decide-case/decide-case.controller';
import { DecideCaseHandler } from './decide-case/decide-case.handler';
import { ListCasesController } from './list-cases/list-cases.controller';
import { ModerationEvents } from './moderation-events';
import { CaseRepository } from './persistence/case.repository';
import { SubjectServices } from './platform/subject-services';
import { ReportContentController } from './report-content/report-content.controller';
import { ReportContentHandler } from './report-content/report-content.handler';
import { ViewCaseController } from './view-case/view-case.controller';

/** Notice and action (DSA arts. 16, 17, 20): reports, the case queue, decisions, appeals. */
@Module({
  imports: [AuditModule],
  controllers: [
    ReportContentController,
    ListCasesController,
    ViewCaseController,
    DecideCaseController,
    AppealDecisionController,
    DecideAppealController,
  ],
  providers: [
    CaseRepository,
    ModerationEvents,
    SubjectServices,
    ServiceDirectory,
    ClientLimiter,
    ReportContentHandler,
    DecideCaseHandler,
    AppealDecisionHandler,
    DecideAppealHandler,
  ],
})
export class ModerationModule {}
