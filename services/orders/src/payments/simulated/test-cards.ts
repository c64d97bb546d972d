/** The simulated processor's test cards (docs/domain.md "Payments"). */
export type CardOutcome =
  | { kind: 'succeeds' }
  | {
      kind: 'fails';
      failureCode: 'card_declined' | 'insufficient_funds' | 'invalid_card';
      message: string;
    };

const DECLINED = 'Your card was declined. Try another card.';

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Pays; every refund of the payment fails (Stripe's test card of the same number). */
  refundFails: '4000000000005126',
} as const;

/** What the simulated processor does with a card. Unknown numbers are declined. */
export function cardOutcome(
  card: { cardNumber: string; expMonth: number; expYear: number; cvc: string },
  now: Date = new Date(),
): CardOutcome {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number))
    return { kind: 'fails', failureCode: 'invalid_card', message: 'Check the card number.' };
  if (!/^\d{3,4}$/.test(card.cvc))
    return {
      kind: 'fails',
      failureCode: 'invalid_card',
      message: 'Check the security code (CVC).',
    };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const expired =
    !Number.isInteger(card.expMonth) ||
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (expired)
    return { kind: 'fails', failureCode: 'invalid_card', message: 'This card has expired.' };
  if (number === TEST_CARDS.succeeds || number === TEST_CARDS.refundFails)
    return { kind: 'succeeds' };
  if (number === TEST_CARDS.insufficientFunds)
    return {
      kind: 'fails',
      failureCode: 'insufficient_funds',
      message: 'Your card has insufficient funds. Try another card.',
    };
  return { kind: 'fails', failureCode: 'card_declined', message: DECLINED };
}
