import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type BugReportReceiptDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { validationError } from '@loadout/errors';
import { ADMIN_CONFIG, type AdminConfig } from '../../admin.config';
import { ClientLimiter } from '../../shared/client-limiter';
import { bugReportProblems, severityOf } from '../domain/bug-report-rules';
import { BugReportRepository } from '../persistence/bug-report.repository';
import { type SubmitBugReportDto } from './submit-bug-report.dto';

/** Anyone reports a bug (seed §2 dialog); limited per client address. */
@Injectable()
export class SubmitBugReportHandler {
  constructor(
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
    private readonly reports: BugReportRepository,
    private readonly limiter: ClientLimiter,
  ) {}

  async submit(
    input: SubmitBugReportDto,
    user: AuthUser | null,
    ip: string,
  ): Promise<BugReportReceiptDto> {
    const problems = bugReportProblems(input, user !== null);
    if (problems.length > 0)
      throw validationError(
        'COMMON.VALIDATION_FAILED',
        problems[0]!.message,
        problems.map((p) => ({ field: p.field, messages: [p.message] })),
      );
    await this.limiter.hit(
      'bug-reports',
      ip,
      this.config.BUG_REPORTS_PER_HOUR,
      'Too many bug reports from this address. Please try again later.',
    );
    const id = newId();
    await this.reports.insert({
      id,
      description: input.description.trim(),
      severity: severityOf(input),
      email: input.email?.trim() || user?.email || null,
      reporterId: user?.id ?? null,
      pageUrl: input.pageUrl ?? null,
      userAgent: input.userAgent ?? null,
    });
    return { id, status: 'open' };
  }
}
