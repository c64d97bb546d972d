import { type OrderAmounts } from '@loadout/contracts';

/**
 * "12.50" or "12,50" euros (an optional "€") → 1250 cents; null when it is not an amount of
 * euros and cents. Integer maths on the digits: no float rounding.
 */
export function euroToCents(text: string): number | null {
  const m = /^\s*€?\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const cents = (m[2] ?? '').padEnd(2, '0');
  return Number(m[1]) * 100 + Number(cents);
}

/**
 * A preview of an order's amounts before the order exists (the service's amounts replace it
 * as soon as it does): fee = 2.5 % of item + postage, half-up to the cent, in integer cents.
 */
export function previewAmounts(itemCents: number, postageCents: number): OrderAmounts {
  const subtotal = itemCents + postageCents;
  const feeCents = Math.floor((subtotal * 25 + 500) / 1000);
  return {
    itemCents,
    postageCents,
    feeCents,
    totalCents: subtotal + feeCents,
    sellerReceivesCents: subtotal,
  };
}
