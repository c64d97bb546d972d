/**
 * Flags a message that pushes payment outside checkout (domain.md, trust and safety), so both
 * parties see that escrow only protects payments made through checkout. The message is still
 * delivered: the warning informs, it does not censor.
 *
 * Decisions:
 * - An IBAN alone is enough (any country, with or without spaces): nobody sends one for any
 *   other reason in a marketplace chat. It must look like `CC99` + 10–30 alphanumerics.
 * - A phone number is only flagged next to a pay/payment/transfer/send-money word (within the
 *   same message): a number alone is usually "ring me to arrange collection", which is fine.
 *   Irish mobiles (08x…, +353 8x…) and other international numbers (+CC…) count.
 * - Revolut, "friends and family" (PayPal F&F), "bank transfer", "wire transfer", "pay me
 *   direct(ly)", "outside (the) site/app" are flagged on their own.
 * - "PayPal goods and services" is *not* flagged: it has buyer protection of its own. A bare
 *   "PayPal" is not flagged either (too many "does PayPal work here?" questions); with friends
 *   and family it is.
 * - Prices (€250), fps/joule figures, Eircodes and order numbers are not flagged.
 */
export type OffPlatformReason = 'iban' | 'phone_payment' | 'payment_app' | 'bank_transfer';

export interface OffPlatformCheck {
  flagged: boolean;
  reasons: OffPlatformReason[];
}

const IBAN_START = /\b[A-Z]{2}\d{2}(?=[ -]?[A-Z0-9])/gi;
// Irish mobile (08x 123 4567, 0871234567, +353 87 123 4567, 00353…) or any +CC number.
const PHONE =
  /(?:\+|00)353[\s-]?\(?0?\)?[\s-]?8\d[\s-]?\d{3}[\s-]?\d{3,4}|\b08\d[\s-]?\d{3}[\s-]?\d{4}\b|\+(?!353)\d{1,3}[\s-]?\d{2,4}[\s-]?\d{3,4}[\s-]?\d{3,4}/;
const PAYMENT_WORD =
  /\b(?:pay|paid|paying|payment|payments|transfer|send (?:the )?money|lodge|lodgement)\b/i;
const PAYMENT_APP =
  /\brevolut\b|\bfriends?\s*(?:and|&|n)\s*family\b|\bf\s*&\s*f\b|\bf'?n'?f\b|\bpay\s*me\s*direct(?:ly)?\b|\b(?:outside|off)\s+(?:of\s+)?(?:the\s+)?(?:site|app|platform|loadout)\b/i;
const BANK_TRANSFER = /\b(?:bank|wire|direct|sepa)\s+transfer\b|\bbank\s+details\b/i;

/** True when `candidate` is an IBAN by its ISO 13616 check digits (mod 97 = 1). */
export function isValidIban(candidate: string): boolean {
  const iban = candidate.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function containsIban(text: string): boolean {
  for (const start of text.matchAll(IBAN_START)) {
    // Groups after the country code, written with or without spaces; every prefix is tried
    // because the words that follow an IBAN ("DE89 3704 … 00 is mine") look like groups too.
    const groups = text.slice(start.index).split(/[ -]/).slice(0, 10);
    let compact = '';
    for (const group of groups) {
      if (!/^[A-Z0-9]+$/i.test(group)) break;
      compact += group;
      // A typo'd IBAN still pushes payment off-platform: flag valid ones, and IE-shaped ones
      // (IE + 2 digits + 4 letters + 14 digits) even with a wrong checksum.
      if (isValidIban(compact) || /^IE\d{2}[A-Z]{4}\d{14}$/i.test(compact)) return true;
    }
  }
  return false;
}

export function checkOffPlatformPayment(content: string): OffPlatformCheck {
  const reasons: OffPlatformReason[] = [];
  if (containsIban(content)) reasons.push('iban');
  if (PHONE.test(content) && PAYMENT_WORD.test(content)) reasons.push('phone_payment');
  if (PAYMENT_APP.test(content)) reasons.push('payment_app');
  if (BANK_TRANSFER.test(content)) reasons.push('bank_transfer');
  return { flagged: reasons.length > 0, reasons };
}
