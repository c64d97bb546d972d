import { renderEmail, type RenderedEmail } from './email-layout';
import { formatCents } from './order-emails';

/** Names recorded in `email_log.template` for offers (issue 24): to the party who must act. */
export const OFFER_EMAIL_TEMPLATES = [
  'offer_made',
  'offer_countered',
  'offer_accepted',
  'offer_pay_reminder',
] as const;
export type OfferEmailTemplateName = (typeof OFFER_EMAIL_TEMPLATES)[number];

export const when = (iso: string) =>
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
  /** When the order expires unpaid (ISO 8601); older events lack it. */
  payBy: string | undefined;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Offer accepted: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `The seller accepted ${formatCents(i.amountCents)} for "${i.title}". It is reserved for you now.`,
      i.payBy
        ? `Pay for it by ${when(i.payBy)}: then the unpaid order is cancelled and the item goes back on sale.`
        : 'Pay for it soon: an unpaid order is cancelled after a short time and the item goes back on sale.',
    ],
    action: { label: 'Pay now', url: `${i.publicUrl}/offers` },
  });
}

/** To the buyer: the accepted offer's order is still unpaid half-way through its window. */
export function offerPayReminderEmail(i: {
  displayName: string | null;
  title: string;
  totalCents: number;
  payBy: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Reminder: pay for ${i.title} by ${when(i.payBy)}`,
    greeting: greeting(i.displayName),
    intro: [
      `The seller accepted your offer for "${i.title}" and it is reserved for you, but it is not paid yet.`,
      `Pay ${formatCents(i.totalCents)} by ${when(i.payBy)}: then the unpaid order is cancelled and the item goes back on sale.`,
    ],
    action: { label: 'Pay now', url: `${i.publicUrl}/offers` },
  });
}
