import { renderEmail, type RenderedEmail } from './email-layout';

/** Names recorded in `email_log.template` for reviews (issue 24). */
export const REVIEW_EMAIL_TEMPLATES = ['review_published'] as const;
export type ReviewEmailTemplateName = (typeof REVIEW_EMAIL_TEMPLATES)[number];

const greeting = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi there,');

/** To the reviewed user once a review of them is public: who, how many stars, where to read it. */
export function reviewPublishedEmail(i: {
  displayName: string | null;
  /** The notice's sentence: 'The buyer of "<title>" gave you 4 stars.' */
  summary: string;
  /** The in-app path where the review can be read. */
  path: string;
  /** A seller may reply once, publicly. */
  canReply: boolean;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'You have a new review on Loadout',
    greeting: greeting(i.displayName),
    intro: [
      i.summary,
      i.canReply
        ? 'The review is public on your seller page. You can reply to it once, publicly.'
        : 'The review is public on your profile.',
    ],
    action: { label: 'Read the review', url: `${i.publicUrl}${i.path}` },
  });
}
