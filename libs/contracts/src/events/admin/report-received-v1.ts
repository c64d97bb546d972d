import { type ReportReason, type ReportSubjectType } from '../../api/admin';

/**
 * `admin.report.received.v1`: a notice (DSA art. 16) was received; notifications confirms it to
 * the reporter with its reference (in-app when signed in, by email otherwise).
 */
export interface ReportReceivedV1 {
  reportId: string;
  reference: string;
  caseId: string;
  subjectType: ReportSubjectType;
  subjectId: string;
  reason: ReportReason;
  reporterId: string | null;
  reporterEmail: string | null;
  receivedAt: string;
}
