import { type DeliveryAddressV1 } from '@loadout/contracts';
import { renderEmail, type RenderedEmail } from './email-layout';

/** Names recorded in `email_log.template` for the orders flow (one per recipient role). */
export const ORDER_EMAIL_TEMPLATES = [
  'order_payment_confirmed',
  'order_new_purchase',
  'order_shipped',
  'order_delivered',
  'order_delivery_reminder',
  'order_cancelled',
  'order_refunded',
  'order_completed',
  'order_payout_failed',
  'order_refund_failed',
] as const;
export type OrderEmailTemplateName = (typeof ORDER_EMAIL_TEMPLATES)[number];

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
/** Integer cents as the seed shows money (en-IE, EUR). */
export const formatCents = (cents: number) => euro.format(cents / 100);

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'Europe/Dublin' }).format(
    new Date(iso),
  );

/** What a completed sale's money is to the seller until a transfer happens (issue 25 item 3). */
export const SELLER_OWED = 'owed to you, paid out once payouts are set up';

const greeting = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : 'Hi there,');

export function paymentConfirmedEmail(i: {
  displayName: string | null;
  title: string;
  totalCents: number;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Payment confirmed: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `Your payment of ${formatCents(i.totalCents)} for "${i.title}" is confirmed.`,
      'Loadout holds the money in escrow: the seller is paid only after you confirm that the item arrived.',
    ],
    action: { label: 'See My Purchases', url: `${i.publicUrl}/buyer-dashboard` },
  });
}

/** One line: `Aoife Byrne, 12 Main Street, Athlone, Co. Westmeath, N37 X2C4 (phone 087 …)`. */
export function addressLine(a: DeliveryAddressV1): string {
  const parts = [a.name, a.line1, a.line2, a.town, `Co. ${a.county}`, a.eircode].filter(Boolean);
  return parts.join(', ') + (a.phone ? ` (phone ${a.phone})` : '');
}

export function newPurchaseEmail(i: {
  displayName: string | null;
  title: string;
  sellerReceivesCents: number;
  shipBy: string;
  delivery: 'post' | 'collection';
  /** Absent on events from before ADR 0029: the email then points to My Sales. */
  deliveryAddress: DeliveryAddressV1 | null;
  publicUrl: string;
}): RenderedEmail {
  const where =
    i.delivery === 'collection'
      ? 'The buyer chose collection in person: arrange the handover with them in messages.'
      : i.deliveryAddress
        ? `Send it by tracked post to: ${addressLine(i.deliveryAddress)}.`
        : 'The delivery address is on the order in My Sales.';
  return renderEmail({
    subject: `You sold ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `"${i.title}" was bought and paid for. ${formatCents(i.sellerReceivesCents)} is held in escrow for you.`,
      where,
      `Ship it (or hand it over) and mark it shipped by ${day(i.shipBy)}, or the order is cancelled and refunded.`,
    ],
    action: { label: 'See My Sales', url: `${i.publicUrl}/seller-dashboard` },
  });
}

export function shippedEmail(i: {
  displayName: string | null;
  title: string;
  carrier: string | null;
  trackingNumber: string | null;
  handedOverInPerson: boolean;
  autoReleaseAt: string;
  publicUrl: string;
}): RenderedEmail {
  const how = i.handedOverInPerson
    ? 'The seller marked it as handed over in person.'
    : `It is on its way with ${i.carrier ?? 'the carrier'}, tracking number ${i.trackingNumber ?? '—'}.`;
  return renderEmail({
    subject: `Shipped: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `"${i.title}" has been shipped. ${how}`,
      `Confirm delivery once it arrives. If you do nothing, the money is released to the seller on ${day(i.autoReleaseAt)}.`,
    ],
    action: { label: 'Confirm delivery', url: `${i.publicUrl}/buyer-dashboard` },
  });
}

export function deliveredEmail(i: {
  displayName: string | null;
  title: string;
  sellerReceivesCents: number;
  publicUrl: string;
}): RenderedEmail {
  // The event does not say whether the seller's payouts are set up, and nothing is transferred
  // before they are (issue 25 item 3): the money is owed, paid out once payouts are set up.
  return renderEmail({
    subject: `Delivery confirmed: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `The delivery of "${i.title}" is confirmed: ${formatCents(i.sellerReceivesCents)} is ${SELLER_OWED}.`,
      'If your payouts are not set up yet, set them up in My Sales; the money waits for you until then.',
    ],
    action: { label: 'See My Sales', url: `${i.publicUrl}/seller-dashboard` },
  });
}

/** To the buyer of a shipped, unconfirmed order: confirm, dispute, or the money goes on its date. */
export function deliveryReminderEmail(i: {
  displayName: string | null;
  title: string;
  sellerReceivesCents: number;
  autoReleaseAt: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Did it arrive? ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `"${i.title}" was shipped and is waiting for you to confirm delivery.`,
      `If it arrived as described, confirm delivery. If something is wrong, open a dispute before ${day(i.autoReleaseAt)}: after that date ${formatCents(i.sellerReceivesCents)} is released to the seller automatically.`,
    ],
    action: { label: 'Confirm delivery', url: `${i.publicUrl}/buyer-dashboard` },
  });
}

/** To a party of a paid order that was cancelled: the buyer is refunded, the seller must not ship. */
export function orderCancelledEmail(i: {
  displayName: string | null;
  role: 'buyer' | 'seller';
  title: string;
  /** One sentence: who cancelled and why. */
  why: string;
  refundedCents: number;
  publicUrl: string;
}): RenderedEmail {
  const money =
    i.role === 'buyer'
      ? `${formatCents(i.refundedCents)} is being refunded to you. It can take a few days to show on your statement.`
      : 'Do not ship it: the payment goes back to the buyer and the listing is released.';
  return renderEmail({
    subject: `Order cancelled: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [i.why, money],
    action:
      i.role === 'buyer'
        ? { label: 'See My Purchases', url: `${i.publicUrl}/buyer-dashboard` }
        : { label: 'See My Sales', url: `${i.publicUrl}/seller-dashboard` },
  });
}

/** The processor sent money back: to the buyer always, to the seller when a part stays held. */
export function orderRefundedEmail(i: {
  displayName: string | null;
  role: 'buyer' | 'seller';
  title: string;
  refundedCents: number;
  full: boolean;
  publicUrl: string;
}): RenderedEmail {
  const what = i.full ? 'Refund sent' : 'Partial refund sent';
  const intro =
    i.role === 'buyer'
      ? [
          `${formatCents(i.refundedCents)} for "${i.title}" was refunded to you.`,
          'It can take a few days to show on your statement.',
        ]
      : [
          `The buyer of "${i.title}" was refunded ${formatCents(i.refundedCents)}.`,
          'The rest of the payment stays held until Loadout settles it.',
        ];
  return renderEmail({
    subject: `${what}: ${i.title}`,
    greeting: greeting(i.displayName),
    intro,
    action:
      i.role === 'buyer'
        ? { label: 'See My Purchases', url: `${i.publicUrl}/buyer-dashboard` }
        : { label: 'See My Sales', url: `${i.publicUrl}/seller-dashboard` },
  });
}

/** A processor's payout failure code in words (`account_closed` → "account closed"). */
export const failureInWords = (code: string) => code.replace(/_/g, ' ');

/** The seller's payout to their bank failed (ADR 0042): they must check their bank details. */
export function payoutFailedEmail(i: {
  displayName: string | null;
  amountCents: number;
  failureCode: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Payout failed: ${formatCents(i.amountCents)} did not reach your bank`,
    greeting: greeting(i.displayName),
    intro: [
      `A payout of ${formatCents(i.amountCents)} to your bank account failed (${failureInWords(i.failureCode)}).`,
      'The money stays in your payout account. Update your bank details with the payment processor from your payout settings so it can be paid out.',
    ],
    action: { label: 'See My Sales', url: `${i.publicUrl}/seller-dashboard` },
  });
}

/** A refund failed for good (ADR 0042): the buyer hears what happens to their money. */
export function refundFailedEmail(i: {
  displayName: string | null;
  title: string;
  failedCents: number;
  reason: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Refund not completed: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      `Your refund of ${formatCents(i.failedCents)} for "${i.title}" could not be completed (${failureInWords(i.reason)}).`,
      'The money is safe with Loadout: our team will contact you to return it another way.',
    ],
    action: { label: 'See My Purchases', url: `${i.publicUrl}/buyer-dashboard` },
  });
}

/** Why an order completed, as `orders.order.completed.v1` says. */
export type CompletedBy = 'buyer' | 'system' | 'admin';

/** The first line of the buyer's "order complete" email and notice, true for who completed it. */
export function orderCompleteLine(title: string, by: CompletedBy): string {
  switch (by) {
    case 'buyer':
      return `Thanks for confirming that "${title}" arrived: your order is complete.`;
    case 'system':
      return `The time to confirm delivery of "${title}" has passed, so your order was completed automatically.`;
    case 'admin':
      return `The Loadout team completed your order for "${title}".`;
  }
}

/** To the buyer once an order completes: what happened, what they paid, and the review. */
export function orderCompleteEmail(i: {
  displayName: string | null;
  title: string;
  totalCents: number;
  completedBy: CompletedBy;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Order complete: ${i.title}`,
    greeting: greeting(i.displayName),
    intro: [
      orderCompleteLine(i.title, i.completedBy),
      `You paid ${formatCents(i.totalCents)} through Loadout's checkout.`,
      'You can now leave the seller a review from My Purchases.',
    ],
    action: { label: 'See My Purchases', url: `${i.publicUrl}/buyer-dashboard` },
  });
}
