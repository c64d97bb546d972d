import { type ModerationDecidedV1, type StatementOfReasons } from '@loadout/contracts';
import { renderEmail, type RenderedEmail } from './email-layout';

/** Notice-and-action emails (DSA arts. 16, 17): essential, so no unsubscribe link. */
export const MODERATION_EMAIL_TEMPLATES = [
  'report_received',
  'moderation_statement',
  'report_outcome',
] as const;
export type ModerationEmailTemplateName = (typeof MODERATION_EMAIL_TEMPLATES)[number];

const greeting = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi there,');
const SUBJECT_NAMES = { listing: 'listing', profile: 'profile', message: 'message' } as const;

/** The receipt of a notice: its reference and what happens next. */
export function reportReceivedEmail(i: {
  reference: string;
  subjectType: keyof typeof SUBJECT_NAMES;
}): RenderedEmail {
  return renderEmail({
    subject: `We received your report ${i.reference}`,
    greeting: greeting(null),
    intro: [
      `Thank you for reporting a ${SUBJECT_NAMES[i.subjectType]} on Loadout. Your reference is ${i.reference}.`,
      'An administrator will review it and we will email you the outcome with the reasons for it.',
    ],
  });
}

/** What the affected user is told: the decision and its statement of reasons. */
export function decisionHeadline(
  action: ModerationDecidedV1['action'],
  subjectType: ModerationDecidedV1['subjectType'],
): string {
  switch (action) {
    case 'remove_listing':
      return 'Your listing was removed';
    case 'hide_message':
      return 'Your message was hidden';
    case 'warn_user':
      return 'A warning about your account';
    case 'suspend_user':
      return 'Your account was suspended';
    case 'upheld':
      return 'Your appeal was not successful';
    case 'reversed':
      return 'Your appeal was successful';
    case 'dismiss':
      return `A report about your ${SUBJECT_NAMES[subjectType]} was dismissed`;
  }
}

/** What a reporter is told about the notice they sent. */
export function outcomeLine(action: ModerationDecidedV1['action']): string {
  switch (action) {
    case 'remove_listing':
      return 'We removed the listing.';
    case 'hide_message':
      return 'We hid the message.';
    case 'warn_user':
      return 'We warned the user.';
    case 'suspend_user':
      return 'We suspended the user’s account.';
    case 'dismiss':
      return 'We reviewed it and took no action.';
    case 'upheld':
      return 'The user appealed and our decision was upheld.';
    case 'reversed':
      return 'The user appealed and our decision was reversed.';
  }
}

/** The statement of reasons as paragraphs (DSA art. 17(3)). */
export function statementLines(s: StatementOfReasons): string[] {
  return [
    `Facts: ${s.facts}`,
    `Ground: ${s.groundType === 'law' ? 'the law' : 'our terms of service'} — ${s.ground}.`,
    s.automated
      ? 'Automated means were used in this decision.'
      : 'This decision was taken by a person, without automated means.',
    `How to seek redress: ${s.redress}`,
  ];
}

/** With a suspension: until when (Irish time), or that it is permanent. */
export function suspensionLine(suspension: ModerationDecidedV1['suspension']): string | null {
  if (!suspension) return null;
  if (!suspension.until) return 'Your account is suspended permanently.';
  const until = new Intl.DateTimeFormat('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Dublin',
  }).format(new Date(suspension.until));
  return `Your account is suspended until ${until}. You can sign in again after that.`;
}

export function statementEmail(i: {
  displayName: string | null;
  event: ModerationDecidedV1;
  publicUrl: string;
}): RenderedEmail {
  const headline = decisionHeadline(i.event.action, i.event.subjectType);
  return renderEmail({
    subject: `${headline} (Loadout)`,
    greeting: greeting(i.displayName),
    intro: [
      `${headline}. Here is the statement of reasons.`,
      ...[suspensionLine(i.event.suspension)].filter((l): l is string => l !== null),
      ...statementLines(i.event.statement),
    ],
    action: { label: 'Open Loadout', url: `${i.publicUrl}/profile` },
  });
}

export function reportOutcomeEmail(i: {
  displayName: string | null;
  reference: string;
  event: ModerationDecidedV1;
}): RenderedEmail {
  return renderEmail({
    subject: `Outcome of your report ${i.reference}`,
    greeting: greeting(i.displayName),
    intro: [
      `Your report ${i.reference} has been decided. ${outcomeLine(i.event.action)}`,
      ...statementLines(i.event.statement),
    ],
  });
}
