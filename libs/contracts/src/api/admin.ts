import { type SuspensionDuration } from './identity';
import { type DisputeOrigin, type DisputeStatus } from './disputes';
import { type OrderRole } from './orders';
import { type ListingStatus } from './listings';
import { type KeysetPageQuery } from './paging';

/** Severity of a bug report (seed §5: medium by default). */
export const BUG_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type BugSeverity = (typeof BUG_SEVERITIES)[number];
export const BUG_REPORT_STATUSES = ['open', 'closed'] as const;
export type BugReportStatus = (typeof BUG_REPORT_STATUSES)[number];

/** `POST /api/v1/bug-reports`: `email` is required when signed out (seed §5). */
export interface SubmitBugReportRequest {
  description: string;
  severity?: BugSeverity;
  email?: string;
  pageUrl?: string;
  userAgent?: string;
}

/** `POST /api/v1/bug-reports` (201). */
export interface BugReportReceiptDto {
  id: string;
  status: BugReportStatus;
}

/** Items of `GET /api/v1/admin/bug-reports`. */
export interface BugReportDto {
  id: string;
  description: string;
  severity: BugSeverity;
  email: string | null;
  reporterId: string | null;
  pageUrl: string | null;
  userAgent: string | null;
  status: BugReportStatus;
  createdAt: string;
  closedAt: string | null;
}

/** `PATCH /api/v1/admin/bug-reports/{id}`. */
export interface UpdateBugReportRequest {
  status: BugReportStatus;
}

/** Keyset page of an admin list. */
export interface AdminPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** `GET /api/v1/admin/bug-reports`. */
export interface ListBugReportsQuery extends KeysetPageQuery {
  status?: BugReportStatus;
  severity?: BugSeverity;
}

/** `GET /api/v1/admin/audit-log`. */
export interface ListAuditLogQuery extends KeysetPageQuery {
  actorId?: string;
  targetType?: string;
}

/** What can be reported (DSA art. 16 notice): a listing, a profile or a message. */
export const REPORT_SUBJECT_TYPES = ['listing', 'profile', 'message'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

export const REPORT_REASONS = [
  'illegal_item',
  'prohibited_item',
  'scam_or_fraud',
  'counterfeit',
  'harassment',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** `POST /api/v1/reports`: `reporterEmail` is required when signed out. */
export interface SubmitReportRequest {
  subjectType: ReportSubjectType;
  /** Listing id, username (profile) or message id. */
  subjectId: string;
  /** The message's conversation (message reports only). */
  conversationId?: string;
  reason: ReportReason;
  details: string;
  reporterEmail?: string;
  /** The reporter declares the notice accurate and made in good faith (DSA art. 16(2)(d)). */
  goodFaith: true;
}

/** `POST /api/v1/reports` (201): the receipt; the reference is also sent to the reporter. */
export interface ReportReceiptDto {
  reference: string;
  caseId: string;
  receivedAt: string;
}

export const CASE_STATUSES = ['open', 'decided', 'appealed', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** What a moderator may decide; `suspend_user` suspends the account in identity (ADR 0035). */
export const MODERATION_ACTIONS = [
  'dismiss',
  'remove_listing',
  'hide_message',
  'warn_user',
  'suspend_user',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const DECISION_GROUNDS = ['law', 'terms'] as const;
export type DecisionGround = (typeof DECISION_GROUNDS)[number];

/** Statement of reasons (DSA art. 17): facts, ground, automation, redress. */
export interface StatementOfReasons {
  facts: string;
  groundType: DecisionGround;
  /** The law or the terms clause relied on. */
  ground: string;
  /** Whether the decision was taken or detected by automated means. */
  automated: boolean;
  /** How the affected user can appeal (filled in by the service). */
  redress: string;
}

/** The statement an admin writes (the service adds the redress text; not automated unless said). */
export type StatementOfReasonsInput = Omit<StatementOfReasons, 'redress' | 'automated'> & {
  automated?: boolean;
};

/** `POST /api/v1/admin/cases/{id}/decision`. */
export interface DecideCaseRequest {
  action: ModerationAction;
  /** Required with `suspend_user`: how long (identity's durations). */
  suspension?: SuspensionDuration;
  statement: StatementOfReasonsInput;
}

/** `GET /api/v1/admin/cases`: the moderation queue, oldest first. */
export interface ListCasesQuery extends KeysetPageQuery {
  status?: CaseStatus;
  subjectType?: ReportSubjectType;
  reason?: ReportReason;
}

/** `POST /api/v1/reports/cases/{id}/appeal` by the affected user (once). */
export interface AppealRequest {
  statement: string;
}

/** `POST /api/v1/admin/cases/{id}/appeal-decision` by an admin other than the first decider. */
export interface DecideAppealRequest {
  outcome: 'upheld' | 'reversed';
  statement: Omit<StatementOfReasons, 'redress' | 'automated'> & { automated?: boolean };
}

export interface ReportDto {
  id: string;
  reference: string;
  reason: ReportReason;
  details: string;
  reporterId: string | null;
  reporterEmail: string | null;
  createdAt: string;
}

export interface DecisionDto {
  id: string;
  kind: 'decision' | 'appeal';
  action: ModerationAction | 'upheld' | 'reversed';
  decidedBy: string;
  statement: StatementOfReasons;
  createdAt: string;
}

/** Items of `GET /api/v1/admin/cases`. */
export interface CaseSummaryDto {
  id: string;
  subjectType: ReportSubjectType;
  subjectId: string;
  conversationId: string | null;
  affectedUserId: string | null;
  status: CaseStatus;
  reasons: ReportReason[];
  reportCount: number;
  firstReportedAt: string;
  lastReportedAt: string;
  /** Seconds since the first report (the queue's age). */
  ageSeconds: number;
}

/** `GET /api/v1/admin/cases/{id}`. */
export interface CaseDto extends CaseSummaryDto {
  reports: ReportDto[];
  decisions: DecisionDto[];
  appeal: { appellantId: string; statement: string; createdAt: string } | null;
}

/** Items of `GET /api/v1/admin/audit-log`. */
export interface AuditEntryDto {
  id: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

/** One service's dead letters in `GET /api/v1/admin/dead-letters`. */
export interface DeadLetterSourceDto {
  service: string;
  status: 'ok' | 'unavailable';
  items: {
    consumer: string;
    eventId: string;
    topic: string;
    error: string;
    attempts: number;
    createdAt: string;
    envelope: Record<string, unknown>;
  }[];
}

/** `GET /api/v1/admin/stats`: the dashboard (days are Irish calendar days, `YYYY-MM-DD`). */
export interface AdminStatsDto {
  users: { total: number; newThisWeek: number };
  listings: { active: number };
  orders: { byState: Record<string, number> };
  money: {
    gmvThisMonthCents: number;
    feesThisMonthCents: number;
    /** From orders' ledger check; null when orders does not answer. */
    heldCents: number | null;
    ledgerOk: boolean | null;
  };
  reports: { open: number };
  series: {
    signupsByDay: { day: string; count: number }[];
    ordersByDay: { day: string; count: number; gmvCents: number }[];
  };
}

/**
 * The admins' side of orders (issue 26, ADR 0038), answered by the orders service (the gateway
 * sends `admin/disputes` and `admin/orders` to it).
 *
 * `GET /api/v1/admin/disputes?status=&origin=&cursor=&limit=`: the disputes queue, oldest
 * first. Without `status` it lists the disputes that need an admin: `escalated` ones (the
 * seller contested or a deadline passed) and chargebacks.
 */
export interface ListAdminDisputesQuery extends KeysetPageQuery {
  status?: DisputeStatus;
  origin?: DisputeOrigin;
}

/** `GET /api/v1/admin/orders?userId=&role=buyer|seller&cursor=&limit=`: a user's orders, newest first. */
export interface ListAdminOrdersQuery extends KeysetPageQuery {
  userId: string;
  role: OrderRole;
}

/** One posting of an order's double-entry ledger (integer cents; an entry's postings sum to 0). */
export interface LedgerPostingView {
  entryId: string;
  /** `payment`, `refund`, `release`, … */
  kind: string;
  account: string;
  amountCents: number;
  /** ISO 8601. */
  at: string;
}

/** `GET /api/v1/admin/orders/{id}/ledger`: the order's postings in booking order, and their sum. */
export interface OrderLedgerView {
  orderId: string;
  postings: LedgerPostingView[];
  /** Σ of the postings: 0 for a balanced order. */
  sumCents: number;
}

/**
 * `GET /api/v1/admin/listings?sellerId=&status=&cursor=&limit=` (listings; admins): a seller's
 * listings of every status (drafts, hidden, removed too), recently changed first.
 */
export interface ListAdminListingsQuery extends KeysetPageQuery {
  sellerId: string;
  status?: ListingStatus;
}
