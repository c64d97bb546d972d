import {
  type ModerationAction,
  type ReportSubjectType,
  type StatementOfReasons,
} from '../../api/admin';

/** A reporter of the case, to be told the outcome under their reference. */
export interface CaseReporterV1 {
  reference: string;
  userId: string | null;
  email: string | null;
}

/**
 * `admin.moderation.decided.v1`: a moderation case was decided (or its appeal was). The
 * statement of reasons (DSA art. 17) goes to the affected user and to every reporter.
 */
export interface ModerationDecidedV1 {
  caseId: string;
  decisionId: string;
  kind: 'decision' | 'appeal';
  action: ModerationAction | 'upheld' | 'reversed';
  subjectType: ReportSubjectType;
  subjectId: string;
  /** Null when the subject's owner is not known (e.g. a dismissed message report). */
  affectedUserId: string | null;
  statement: StatementOfReasons;
  reporters: CaseReporterV1[];
  decidedAt: string;
  /** With `suspend_user`: the suspension identity applied (`until` null = permanent). */
  suspension?: { duration: '7d' | '30d' | 'permanent'; until: string | null } | null;
}
