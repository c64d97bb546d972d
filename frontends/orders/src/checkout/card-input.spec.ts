import { formatCardNumber, formatExpiry, luhnValid, toCardInput, validateCard } from './card-input';

const now = new Date('2026-11-23T12:00:00Z');
const valid = { number: '4242 4242 4242 4242', expiry: '12 / 29', cvc: '123' };

describe('card input', () => {
  it('groups the number in fours and the expiry as MM / YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(formatExpiry('1')).toBe('1');
  });

  it('accepts the test cards (they pass the Luhn check) and refuses a mistyped number', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000000000009995')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(validateCard(valid, now)).toEqual({});
    expect(validateCard({ ...valid, number: '4242 4242 4242 4241' }, now).number).toBe(
      'This card number is not valid. Check it and try again.',
    );
  });

  it('asks for every field and refuses an expired card or a bad month', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: 'Enter the card number.',
      expiry: 'Enter the expiry date as MM / YY.',
      cvc: 'Enter the security code (CVC).',
    });
    expect(validateCard({ ...valid, expiry: '10 / 26' }, now).expiry).toBe(
      'This card has expired.',
    );
    expect(validateCard({ ...valid, expiry: '11 / 26' }, now).expiry).toBeUndefined();
    expect(validateCard({ ...valid, expiry: '13 / 29' }, now).expiry).toBe(
      'The month must be 01 to 12.',
    );
    expect(validateCard({ ...valid, cvc: '12' }, now).cvc).toBe(
      'The security code is the 3 or 4 digits on the card.',
    );
  });

  it('sends digits only, the year in full', () => {
    expect(toCardInput(valid)).toEqual({
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2029,
      cvc: '123',
    });
  });
});
