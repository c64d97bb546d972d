import {
  type AppealRequest,
  type BugReportReceiptDto,
  type ReportReceiptDto,
  type SubmitBugReportRequest,
  type SubmitReportRequest,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';

/** `POST /api/v1/bug-reports` (admin service): anyone; `email` when signed out. */
export const submitBugReport = (input: SubmitBugReportRequest) =>
  apiFetch<BugReportReceiptDto>('bug-reports', { method: 'POST', json: input });

/** `POST /api/v1/reports`: a notice about a listing, profile or message (DSA art. 16). */
export const submitReport = (input: SubmitReportRequest) =>
  apiFetch<ReportReceiptDto>('reports', { method: 'POST', json: input });

/** `POST /api/v1/reports/cases/{id}/appeal`: the affected user, once. */
export const appealDecision = (caseId: string, input: AppealRequest) =>
  apiFetch<{ caseId: string; status: 'appealed' }>(
    `reports/cases/${encodeURIComponent(caseId)}/appeal`,
    { method: 'POST', json: input },
  );
