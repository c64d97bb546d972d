import {
  type CaseStatus,
  type ModerationAction,
  type ReportReason,
  type ReportSubjectType,
} from '@loadout/contracts';

export const REASON_LABELS: Record<ReportReason, string> = {
  illegal_item: 'Illegal item',
  prohibited_item: 'Prohibited item',
  scam_or_fraud: 'Scam or fraud',
  counterfeit: 'Counterfeit',
  harassment: 'Harassment',
  other: 'Other',
};

export const SUBJECT_LABELS: Record<ReportSubjectType, string> = {
  listing: 'Listing',
  profile: 'Profile',
  message: 'Message',
};

export const STATUS_LABELS: Record<CaseStatus, string> = {
  open: 'Open',
  decided: 'Decided',
  appealed: 'Appealed',
  closed: 'Closed',
};

export const ACTION_LABELS: Record<ModerationAction | 'upheld' | 'reversed', string> = {
  dismiss: 'Dismiss',
  remove_listing: 'Remove the listing',
  hide_message: 'Hide the message',
  warn_user: 'Warn the user',
  suspend_user: 'Suspend the user',
  upheld: 'Appeal: upheld',
  reversed: 'Appeal: reversed',
};

/** The actions that fit a subject (the service refuses the others too). */
export function actionsFor(subject: ReportSubjectType): ModerationAction[] {
  const specific: ModerationAction[] =
    subject === 'listing' ? ['remove_listing'] : subject === 'message' ? ['hide_message'] : [];
  return ['dismiss', ...specific, 'warn_user', 'suspend_user'];
}

/** "3 d 4 h", "5 h 10 min", "12 min": how long a case has waited. */
export function formatAge(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min`;
}

/** Where the reported item is seen (messages have no page of their own). */
export function subjectPath(type: ReportSubjectType, id: string): string | null {
  if (type === 'listing') return `/listing/${encodeURIComponent(id)}`;
  if (type === 'profile') return `/profile/${encodeURIComponent(id)}`;
  return null;
}
