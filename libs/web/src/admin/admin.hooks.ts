import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BugReportStatus,
  type DecideAppealRequest,
  type DecideCaseRequest,
} from '@loadout/contracts';
import {
  adminKeys,
  decideAppeal,
  decideCase,
  discardDeadLetter,
  discardParkedJob,
  fetchAdminStats,
  fetchAuditLog,
  fetchBugReports,
  fetchCase,
  fetchCases,
  fetchDeadLetters,
  fetchParkedJobs,
  fetchStatementTemplates,
  replayDeadLetter,
  retryParkedJob,
  updateBugReport,
  type AuditFilters,
  type BugReportFilters,
  type CaseFilters,
} from './admin.api';

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => fetchAdminStats({ signal }),
  });
}

/** One keyset page; the previous page stays on screen while the next loads. */
export function useBugReports(filters: BugReportFilters, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.bugReports(filters, cursor),
    queryFn: ({ signal }) => fetchBugReports(filters, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCases(filters: CaseFilters, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.cases(filters, cursor),
    queryFn: ({ signal }) => fetchCases(filters, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCase(id: string) {
  return useQuery({
    queryKey: adminKeys.case(id),
    queryFn: ({ signal }) => fetchCase(id, { signal }),
  });
}

export function useStatementTemplates() {
  return useQuery({
    queryKey: adminKeys.templates(),
    queryFn: ({ signal }) => fetchStatementTemplates({ signal }),
    staleTime: Infinity,
  });
}

export function useAuditLog(filters: AuditFilters, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.audit(filters, cursor),
    queryFn: ({ signal }) => fetchAuditLog(filters, cursor, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeadLetters() {
  return useQuery({
    queryKey: adminKeys.deadLetters(),
    queryFn: ({ signal }) => fetchDeadLetters({ signal }),
  });
}

/** Every admin change refreshes the admin area (lists, case, stats, audit log). */
function useAdminMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUpdateBugReport() {
  return useAdminMutation(({ id, status }: { id: string; status: BugReportStatus }) =>
    updateBugReport(id, status),
  );
}

export function useDecideCase() {
  return useAdminMutation(({ id, input }: { id: string; input: DecideCaseRequest }) =>
    decideCase(id, input),
  );
}

export function useDecideAppeal() {
  return useAdminMutation(({ id, input }: { id: string; input: DecideAppealRequest }) =>
    decideAppeal(id, input),
  );
}

export interface DeadLetterRef {
  service: string;
  consumer: string;
  eventId: string;
}

export function useReplayDeadLetter() {
  return useAdminMutation(({ service, consumer, eventId }: DeadLetterRef) =>
    replayDeadLetter(service, consumer, eventId),
  );
}

export function useDiscardDeadLetter() {
  return useAdminMutation(({ service, consumer, eventId }: DeadLetterRef) =>
    discardDeadLetter(service, consumer, eventId),
  );
}

export function useParkedJobs() {
  return useQuery({
    queryKey: adminKeys.parkedJobs(),
    queryFn: ({ signal }) => fetchParkedJobs({ signal }),
  });
}

export function useRetryParkedJob() {
  return useAdminMutation((id: string) => retryParkedJob(id));
}

export function useDiscardParkedJob() {
  return useAdminMutation((id: string) => discardParkedJob(id));
}
