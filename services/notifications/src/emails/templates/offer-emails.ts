import { renderEmail, type RenderedEmail } from './email-layout';
import { formatCents } from './order-emails';

/** Names recorded in `email_log.template` for offers (issue 24): to the party who must act. */
export const OFFER_EMAIL_TEMPLATES = ['offer_made', 'offer_countered', 'offer_accepted'] as const;
export type OfferEmailTemplateName = (typeof OFFER_EMAIL_TEMPLATES)[number];

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-IE', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Dublin',
  }).format(new Date(iso));

const greeting = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi there,');
const offersLink = (publicUrl: string) => ({ label: 'See the offer', url: `${publicUrl}/offers` });
const quoted = (message: string | null) => (message ? [`Their message: "${message}"`] : []);

/** To the seller: a buyer offers a price; accept, counter or decline before it lapses. */
export function offerMadeEmail(i: {
  displayName: string | null;
  title: string;
  amountCents: number;
  askingCents: number;
  message: string | null;
  expiresAt: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `New offer of ${formatCents(i.amountCents)}: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `A buyer offers ${formatCents(i.amountCents)} for "${i.title}" (your price: ${formatCents(i.askingCents)}).`,
      ...quoted(i.message),
      `Accept, make a counter-offer or decline by ${when(i.expiresAt)}; after that the offer lapses.`,
    ],
    action: offersLink(i.publicUrl),
  });
}

/** To the buyer: the seller proposes another price. */
export function offerCounteredEmail(i: {
  displayName: string | null;
  title: string;
  amountCents: number;
  message: string | null;
  expiresAt: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Counter-offer of ${formatCents(i.amountCents)}: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `The seller of "${i.title}" answered your offer with ${formatCents(i.amountCents)}.`,
      ...quoted(i.message),
      `Accept or decline it by ${when(i.expiresAt)}; after that it lapses.`,
    ],
    action: offersLink(i.publicUrl),
  });
}

/** To the buyer: the seller accepted; the item is reserved for them until they pay. */
export function offerAcceptedEmail(i: {
  displayName: string | null;
  title: string;
  amountCents: number;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Offer accepted: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `The seller accepted ${formatCents(i.amountCents)} for "${i.title}". It is reserved for you now.`,
      'Pay for it soon: an unpaid order is cancelled after a short time and the item goes back on sale.',
    ],
    action: { label: 'Pay now', url: `${i.publicUrl}/offers` },
  });
}
