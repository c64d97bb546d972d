import { renderEmail, type RenderedEmail } from './email-layout';
import { formatCents } from './order-emails';

/** Names recorded in `email_log.template` for disputes (issue 24). */
export const DISPUTE_EMAIL_TEMPLATES = [
  'dispute_opened',
  'dispute_responded',
  'dispute_resolved',
] as const;
export type DisputeEmailTemplateName = (typeof DISPUTE_EMAIL_TEMPLATES)[number];

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'Europe/Dublin' }).format(
    new Date(iso),
  );

const greeting = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi there,');
const disputesLink = (publicUrl: string) => ({
  label: 'See the dispute',
  url: `${publicUrl}/disputes`,
});

/** To the seller: a buyer disputes an order; answer by the deadline or admins decide. */
export function disputeOpenedEmail(i: {
  displayName: string | null;
  title: string;
  respondBy: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `A buyer opened a dispute: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `The buyer of "${i.title}" opened a dispute. The payment stays in escrow until it is settled.`,
      `Respond by ${day(i.respondBy)}: accept, propose a partial refund, or explain why you contest it. After that date the Loadout team decides.`,
    ],
    action: disputesLink(i.publicUrl),
  });
}

/** To the buyer: the seller answered. */
export function disputeRespondedEmail(i: {
  displayName: string | null;
  title: string;
  response: 'accept' | 'propose_partial' | 'contest';
  proposedCents: number | null;
  publicUrl: string;
}): RenderedEmail {
  const line =
    i.response === 'accept'
      ? 'The seller accepted what you asked for.'
      : i.response === 'propose_partial'
        ? `The seller proposes a refund of ${formatCents(i.proposedCents ?? 0)}. Accept it within 3 days, or the Loadout team decides.`
        : 'The seller contests the dispute. The Loadout team will look at it and decide.';
  return renderEmail({
    subject: `The seller responded to your dispute: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [line],
    action: disputesLink(i.publicUrl),
  });
}

/** To both parties: how the money moved, with the admins' reasons when they decided. */
export function disputeResolvedEmail(i: {
  displayName: string | null;
  title: string;
  outcome: 'release' | 'full_refund' | 'partial_refund';
  refundCents: number;
  statement: string | null;
  publicUrl: string;
}): RenderedEmail {
  const money =
    i.outcome === 'release'
      ? 'The payment is released to the seller.'
      : i.outcome === 'full_refund'
        ? `The buyer is refunded in full (${formatCents(i.refundCents)}).`
        : `The buyer is refunded ${formatCents(i.refundCents)}; the rest is released to the seller.`;
  return renderEmail({
    subject: `Dispute settled: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [`The dispute about "${i.title}" is settled. ${money}`],
    ...(i.statement && { outro: [`The Loadout team's reasons: ${i.statement}`] }),
    action: disputesLink(i.publicUrl),
  });
}
