import { useMutation } from '@tanstack/react-query';
import { appealDecision, submitBugReport, submitReport } from './reports.api';

export function useSubmitBugReport() {
  return useMutation({ mutationFn: submitBugReport });
}

export function useSubmitReport() {
  return useMutation({ mutationFn: submitReport });
}

export function useAppealDecision() {
  return useMutation({
    mutationFn: ({ caseId, statement }: { caseId: string; statement: string }) =>
      appealDecision(caseId, { statement }),
  });
}
