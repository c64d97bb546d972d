import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type ReportReceiptDto } from '@loadout/contracts';
import { validationError } from '@loadout/errors';
import { ADMIN_CONFIG, type AdminConfig } from '../../admin.config';
import { ClientLimiter } from '../../shared/client-limiter';
import { reportReference } from '../domain/case-rules';
import { ModerationEvents } from '../moderation-events';
import { CaseRepository } from '../persistence/case.repository';
import { SubjectServices } from '../platform/subject-services';
import { type ReportContentDto } from './report-content.dto';

/**
 * Anyone reports a listing, profile or message (DSA art. 16 notice). Reports on one item join
 * its open case; the receipt (with its reference) reaches the reporter through notifications.
 */
@Injectable()
export class ReportContentHandler {
  constructor(
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
    private readonly cases: CaseRepository,
    private readonly subjects: SubjectServices,
    private readonly events: ModerationEvents,
    private readonly limiter: ClientLimiter,
  ) {}

  async report(
    input: ReportContentDto,
    user: AuthUser | null,
    ip: string,
    requestId: string,
  ): Promise<ReportReceiptDto> {
    const email = input.reporterEmail?.trim() || null;
    if (!user && !email)
      throw validationError('COMMON.VALIDATION_FAILED', 'Please provide an email address', [
        { field: 'reporterEmail', messages: ['Please provide an email address'] },
      ]);
    if (input.subjectType === 'message' && !input.conversationId)
      throw validationError(
        'COMMON.VALIDATION_FAILED',
        'A message report names its conversation.',
        [{ field: 'conversationId', messages: ['A message report names its conversation.'] }],
      );
    await this.limiter.hit(
      'reports',
      ip,
      this.config.REPORTS_PER_HOUR,
      'Too many reports from this address. Please try again later.',
    );
    const affectedUserId =
      input.subjectType === 'listing'
        ? await this.subjects.listingSeller(input.subjectId)
        : input.subjectType === 'profile'
          ? await this.subjects.profileUser(input.subjectId)
          : null;
    const reference = reportReference((n) => [...randomBytes(n)]);
    return this.cases.transaction(async (tx) => {
      const filed = await this.cases.fileReport(tx, {
        reference,
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        conversationId: input.subjectType === 'message' ? (input.conversationId ?? null) : null,
        affectedUserId,
        reason: input.reason,
        details: input.details.trim(),
        reporterId: user?.id ?? null,
        reporterEmail: user ? null : email,
      });
      await this.events.reportReceived(
        tx,
        {
          reportId: filed.reportId,
          reference,
          caseId: filed.caseId,
          subjectType: input.subjectType,
          subjectId: input.subjectId,
          reason: input.reason,
          reporterId: user?.id ?? null,
          reporterEmail: user ? null : email,
          receivedAt: filed.receivedAt,
        },
        { id: user?.id ?? null, requestId },
      );
      return { reference, caseId: filed.caseId, receivedAt: filed.receivedAt };
    });
  }
}
