import { type CaseStatus, type ModerationAction, type ReportSubjectType } from '@loadout/contracts';

/** The facts of a case the rules look at (no persistence types here). */
export interface CaseFacts {
  status: CaseStatus;
  subjectType: ReportSubjectType;
  affectedUserId: string | null;
  decidedBy: string | null;
  decisionAction: ModerationAction | null;
  hasAppeal: boolean;
}

export type Refusal = {
  code: string;
  message: string;
  kind: 'conflict' | 'forbidden' | 'validation';
};

/** An action fits its subject: a listing is removed, a message hidden, a user warned. */
export function actionRefusal(
  action: ModerationAction,
  subject: ReportSubjectType,
): Refusal | null {
  if (action === 'remove_listing' && subject !== 'listing')
    return {
      code: 'ADMIN.ACTION_NOT_APPLICABLE',
      message: 'Only a listing can be removed.',
      kind: 'validation',
    };
  if (action === 'hide_message' && subject !== 'message')
    return {
      code: 'ADMIN.ACTION_NOT_APPLICABLE',
      message: 'Only a message can be hidden.',
      kind: 'validation',
    };
  return null;
}

/** `suspend_user` needs a duration; no other action takes one. */
export function suspensionRefusal(
  action: ModerationAction,
  suspension: string | undefined,
): Refusal | null {
  if (action === 'suspend_user' && !suspension)
    return {
      code: 'ADMIN.SUSPENSION_REQUIRED',
      message: 'Choose how long to suspend the user: 7 days, 30 days or permanently.',
      kind: 'validation',
    };
  if (action !== 'suspend_user' && suspension)
    return {
      code: 'ADMIN.ACTION_NOT_APPLICABLE',
      message: 'A suspension length only goes with suspending the user.',
      kind: 'validation',
    };
  return null;
}

/** Only an open case is decided, once. */
export function decideRefusal(c: CaseFacts): Refusal | null {
  if (c.status !== 'open')
    return {
      code: 'ADMIN.CASE_ALREADY_DECIDED',
      message: 'This case has been decided already.',
      kind: 'conflict',
    };
  return null;
}

/**
 * The affected user appeals a restriction once (DSA art. 20); a dismissal restricts nobody.
 */
export function appealRefusal(c: CaseFacts, userId: string): Refusal | null {
  if (c.affectedUserId !== userId)
    return {
      code: 'ADMIN.NOT_AFFECTED',
      message: 'Only the user affected by the decision can appeal it.',
      kind: 'forbidden',
    };
  if (c.status === 'open')
    return {
      code: 'ADMIN.NOT_DECIDED',
      message: 'This case has not been decided yet.',
      kind: 'conflict',
    };
  if (c.hasAppeal || c.status !== 'decided')
    return {
      code: 'ADMIN.ALREADY_APPEALED',
      message: 'This decision has been appealed already.',
      kind: 'conflict',
    };
  if (c.decisionAction === 'dismiss')
    return {
      code: 'ADMIN.NOTHING_TO_APPEAL',
      message: 'A dismissed report restricts nothing to appeal.',
      kind: 'conflict',
    };
  return null;
}

/** An appeal is decided by a different admin than the one who took the decision. */
export function appealDecisionRefusal(c: CaseFacts, adminId: string): Refusal | null {
  if (c.status !== 'appealed')
    return {
      code: 'ADMIN.NO_OPEN_APPEAL',
      message: 'This case has no appeal waiting for a decision.',
      kind: 'conflict',
    };
  if (c.decidedBy === adminId)
    return {
      code: 'ADMIN.SAME_DECIDER',
      message: 'An appeal must be decided by a different admin than the original decision.',
      kind: 'forbidden',
    };
  return null;
}

/** How to appeal, put into every statement of reasons (DSA art. 17(3)(f)). */
export function redressText(kind: 'decision' | 'appeal', action: string): string {
  if (kind === 'appeal')
    return 'This decision on your appeal is final on Loadout. You may still use an out-of-court dispute settlement body (DSA art. 21) or the courts.';
  if (action === 'dismiss')
    return 'No action was taken. If you disagree, you may submit a new report with more information.';
  return 'You can appeal this decision once, from the notification or email about it; a different administrator will review it. You may also use an out-of-court dispute settlement body (DSA art. 21) or the courts.';
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A reference the reporter can quote: `R-` and 8 characters without look-alikes (0/O, 1/I). */
export function reportReference(random: (n: number) => number[]): string {
  return `R-${random(8)
    .map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length])
    .join('')}`;
}
