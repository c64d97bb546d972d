import { type BugSeverity } from '@loadout/contracts';

/** Seed §5 texts, exactly. */
export const BUG_REPORT_TEXTS = {
  describe: 'Please describe the issue',
  email: 'Please provide an email address',
} as const;

export interface BugReportInput {
  description: string;
  severity?: BugSeverity;
  email?: string;
}

export interface BugReportProblem {
  field: 'description' | 'email';
  message: string;
}

/** Seed §5: a description that is not blank; an email only when signed out. */
export function bugReportProblems(input: BugReportInput, signedIn: boolean): BugReportProblem[] {
  const problems: BugReportProblem[] = [];
  if (input.description.trim() === '')
    problems.push({ field: 'description', message: BUG_REPORT_TEXTS.describe });
  if (!signedIn && (input.email ?? '').trim() === '')
    problems.push({ field: 'email', message: BUG_REPORT_TEXTS.email });
  return problems;
}

/** Medium unless the reporter chose (seed §5). */
export const severityOf = (input: BugReportInput): BugSeverity => input.severity ?? 'medium';
