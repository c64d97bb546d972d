import { type SimulatedCardInput } from '@loadout/contracts';

export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFormValues, string>>;

export const digitsOf = (text: string) => text.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" while typing (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return digitsOf(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1229" → "12 / 29" while typing. */
export function formatExpiry(text: string): string {
  const digits = digitsOf(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The Luhn checksum every card number carries (it catches a mistyped digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Checks what the browser can check; the processor decides the rest (declines, funds). */
export function validateCard(values: CardFormValues, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(values.number);
  if (!number) errors.number = 'Enter the card number.';
  else if (number.length < 12 || number.length > 19 || !luhnValid(number))
    errors.number = 'This card number is not valid. Check it and try again.';

  const expiry = digitsOf(values.expiry);
  if (!expiry) errors.expiry = 'Enter the expiry date as MM / YY.';
  else if (expiry.length !== 4) errors.expiry = 'Enter the expiry date as MM / YY.';
  else {
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2));
    if (month < 1 || month > 12) errors.expiry = 'The month must be 01 to 12.';
    else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      errors.expiry = 'This card has expired.';
  }

  const cvc = digitsOf(values.cvc);
  if (!cvc) errors.cvc = 'Enter the security code (CVC).';
  else if (cvc.length < 3 || cvc.length > 4)
    errors.cvc = 'The security code is the 3 or 4 digits on the card.';
  return errors;
}

/** The pay request's card (only call after `validateCard` found nothing). */
export function toCardInput(values: CardFormValues): SimulatedCardInput {
  const expiry = digitsOf(values.expiry);
  return {
    cardNumber: digitsOf(values.number),
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(2)),
    cvc: digitsOf(values.cvc),
  };
}
