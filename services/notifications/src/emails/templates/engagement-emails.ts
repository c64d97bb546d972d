import { renderEmail, type RenderedEmail } from './email-layout';

/** Non-essential emails: each carries an unsubscribe link and RFC 8058 headers. */
export const ENGAGEMENT_EMAIL_TEMPLATES = ['new_message', 'listing_favourited'] as const;
export type EngagementEmailTemplateName = (typeof ENGAGEMENT_EMAIL_TEMPLATES)[number];

const greeting = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi there,');

/** No message content: mail transits servers we do not control; the link opens the thread. */
export function newMessageEmail(i: {
  displayName: string | null;
  senderName: string | null;
  conversationUrl: string;
  unsubscribeUrl: string;
}): RenderedEmail {
  const who = i.senderName?.trim() || 'Someone';
  return renderEmail({
    subject: `New message from ${who} on Loadout`,
    greeting: greeting(i.displayName),
    intro: [
      `${who} sent you a message on Loadout.`,
      'Further messages in this conversation will not be emailed until you have read it.',
    ],
    action: { label: 'Read the message', url: i.conversationUrl },
    outro: ['Keep payments in checkout: escrow only protects payments made through Loadout.'],
    unsubscribe: { url: i.unsubscribeUrl, what: 'new-message emails' },
  });
}

export function listingFavouritedEmail(i: {
  displayName: string | null;
  title: string;
  listingUrl: string;
  unsubscribeUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Someone favourited ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [`"${i.title}" was added to a favourites list on Loadout.`],
    action: { label: 'See your listing', url: i.listingUrl },
    unsubscribe: { url: i.unsubscribeUrl, what: 'favourite emails' },
  });
}
