import { cardOutcome } from './test-cards';

const card = (
  cardNumber: string,
  over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  cardNumber,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});
const now = new Date('2026-11-23T12:00:00Z');

describe('simulated test cards', () => {
  it('accepts 4242 4242 4242 4242 with spaces', () => {
    expect(cardOutcome(card('4242 4242 4242 4242'), now)).toEqual({ kind: 'succeeds' });
  });

  it('declines 4000 0000 0000 0002 and unknown cards', () => {
    expect(cardOutcome(card('4000 0000 0000 0002'), now)).toMatchObject({
      failureCode: 'card_declined',
    });
    expect(cardOutcome(card('5555 5555 5555 4444'), now)).toMatchObject({
      failureCode: 'card_declined',
    });
  });

  it('fails 4000 0000 0000 9995 for insufficient funds', () => {
    expect(cardOutcome(card('4000000000009995'), now)).toMatchObject({
      failureCode: 'insufficient_funds',
    });
  });

  it('refuses an expired card, a bad number or a bad CVC', () => {
    expect(
      cardOutcome(card('4242424242424242', { expMonth: 10, expYear: 2026 }), now),
    ).toMatchObject({
      failureCode: 'invalid_card',
      message: 'This card has expired.',
    });
    expect(cardOutcome(card('4242-abc'), now)).toMatchObject({ failureCode: 'invalid_card' });
    expect(cardOutcome(card('4242424242424242', { cvc: '1' }), now)).toMatchObject({
      failureCode: 'invalid_card',
    });
  });
});
