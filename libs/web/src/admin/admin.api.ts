import {
  type AdminPage,
  type AdminStatsDto,
  type AuditEntryDto,
  type BugReportDto,
  type BugReportStatus,
  type BugSeverity,
  type CaseDto,
  type CaseStatus,
  type CaseSummaryDto,
  type DeadLetterSourceDto,
  type DecideAppealRequest,
  type ParkedJobSourceDto,
  type DecideCaseRequest,
  type ModerationAction,
  type DecisionGround,
  type ReportReason,
  type ReportSubjectType,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

export const ADMIN_PAGE_SIZE = 25;

export interface BugReportFilters {
  status?: BugReportStatus;
  severity?: BugSeverity;
}
export interface CaseFilters {
  status?: CaseStatus;
  subjectType?: ReportSubjectType;
  reason?: ReportReason;
}
export interface AuditFilters {
  actorId?: string;
  targetType?: string;
}
export interface StatementTemplate {
  reason: ReportReason;
  action: ModerationAction;
  groundType: DecisionGround;
  ground: string;
  facts: string;
}

/** One cache-key space for the admin area. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  bugReports: (filters: BugReportFilters, cursor: string | null) =>
    ['admin', 'bug-reports', filters, cursor] as const,
  cases: (filters: CaseFilters, cursor: string | null) =>
    ['admin', 'cases', filters, cursor] as const,
  case: (id: string) => ['admin', 'case', id] as const,
  templates: () => ['admin', 'statement-templates'] as const,
  audit: (filters: AuditFilters, cursor: string | null) =>
    ['admin', 'audit-log', filters, cursor] as const,
  deadLetters: () => ['admin', 'dead-letters'] as const,
  parkedJobs: () => ['admin', 'parked-jobs'] as const,
};

type Signal = { signal?: AbortSignal };

export const fetchAdminStats = ({ signal }: Signal = {}) =>
  apiFetch<AdminStatsDto>('admin/stats', { signal });

export const fetchBugReports = (
  filters: BugReportFilters,
  cursor: string | null,
  { signal }: Signal = {},
) =>
  apiFetch<AdminPage<BugReportDto>>('admin/bug-reports', {
    signal,
    query: { ...filters, cursor, limit: ADMIN_PAGE_SIZE },
  });

export const updateBugReport = (id: string, status: BugReportStatus) =>
  apiFetch<BugReportDto>(`admin/bug-reports/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { status },
  });

export const fetchCases = (filters: CaseFilters, cursor: string | null, { signal }: Signal = {}) =>
  apiFetch<AdminPage<CaseSummaryDto>>('admin/cases', {
    signal,
    query: { ...filters, cursor, limit: ADMIN_PAGE_SIZE },
  });

export const fetchCase = (id: string, { signal }: Signal = {}) =>
  apiFetch<CaseDto>(`admin/cases/${encodeURIComponent(id)}`, { signal });

export const fetchStatementTemplates = ({ signal }: Signal = {}) =>
  apiFetch<StatementTemplate[]>('admin/statement-templates', { signal });

export const decideCase = (id: string, input: DecideCaseRequest) =>
  apiFetch<CaseDto>(`admin/cases/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    json: input,
  });

export const decideAppeal = (id: string, input: DecideAppealRequest) =>
  apiFetch<CaseDto>(`admin/cases/${encodeURIComponent(id)}/appeal-decision`, {
    method: 'POST',
    json: input,
  });

export const fetchAuditLog = (
  filters: AuditFilters,
  cursor: string | null,
  { signal }: Signal = {},
) =>
  apiFetch<AdminPage<AuditEntryDto>>('admin/audit-log', {
    signal,
    query: { ...filters, cursor, limit: ADMIN_PAGE_SIZE },
  });

export const fetchDeadLetters = ({ signal }: Signal = {}) =>
  apiFetch<{ sources: DeadLetterSourceDto[] }>('admin/dead-letters', { signal });

const deadLetterPath = (service: string, consumer: string, eventId: string) =>
  `admin/dead-letters/${[service, consumer, eventId].map(encodeURIComponent).join('/')}`;

export const replayDeadLetter = (service: string, consumer: string, eventId: string) =>
  apiFetch<{ replayed: true }>(`${deadLetterPath(service, consumer, eventId)}/replay`, {
    method: 'POST',
  });

export const discardDeadLetter = (service: string, consumer: string, eventId: string) =>
  apiFetch<void>(deadLetterPath(service, consumer, eventId), { method: 'DELETE' });

/** Orders' jobs that exhausted their attempts (issue 23 scenario 7). */
export const fetchParkedJobs = ({ signal }: Signal = {}) =>
  apiFetch<{ sources: ParkedJobSourceDto[] }>('admin/parked-jobs', { signal });

export const retryParkedJob = (id: string) =>
  apiFetch<{ retried: true }>(`admin/parked-jobs/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
  });

export const discardParkedJob = (id: string) =>
  apiFetch<void>(`admin/parked-jobs/${encodeURIComponent(id)}`, { method: 'DELETE' });
