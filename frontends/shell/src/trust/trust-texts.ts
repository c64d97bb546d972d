import { isApiError } from '@loadout/web';
import { type BugSeverity, type ReportReason, type ReportSubjectType } from '@loadout/contracts';

/** Seed §2, §5, §8: the bug report dialog's texts, exactly where the seed gives them. */
export const BUG_TEXTS = {
  button: 'Report a Bug',
  title: 'Report a Bug',
  describe: 'Please describe the issue',
  email: 'Please provide an email address',
  failed: 'Could not submit bug report',
  tryLater: 'Please try again later.',
  sent: 'Bug report sent',
  thanks: 'Thank you for helping us improve Loadout.',
} as const;

export const SEVERITY_OPTIONS: { value: BugSeverity; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'critical', label: 'Critical' },
];

export const REPORT_REASON_OPTIONS: { value: ReportReason; label: string }[] = [
  { value: 'illegal_item', label: 'Illegal item (for example a replica above 1 joule)' },
  { value: 'prohibited_item', label: 'Prohibited item' },
  { value: 'scam_or_fraud', label: 'Scam or fraud' },
  { value: 'counterfeit', label: 'Counterfeit' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'other', label: 'Other' },
];

export const REPORT_TEXTS = {
  title: (type: ReportSubjectType) => `Report this ${type}`,
  goodFaith:
    'I confirm that this report is accurate and complete to the best of my knowledge and made in good faith.',
  needGoodFaith: 'Please confirm that your report is made in good faith.',
  needReason: 'Please choose a reason.',
  needDetails: 'Please explain what is wrong (at least 10 characters).',
  failed: 'Could not send report',
  received: 'Report received',
} as const;

/** The server's reason for a refusal (4xx), otherwise the seed's "Please try again later." */
export function failureReason(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500
    ? error.message
    : BUG_TEXTS.tryLater;
}
