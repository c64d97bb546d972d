import { type OrderAmounts } from '@loadout/contracts';

/** 2.5 % in basis points (docs/domain.md "Money"); configurable, never a literal elsewhere. */
export const DEFAULT_ESCROW_FEE_BASIS_POINTS = 250;

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`);
}

/**
 * The buyer's escrow protection fee: `basisPoints` / 10 000 of the subtotal, rounded half-up
 * to the cent. Integer maths only: floats turn 2.5 % of 1 010 cents into 25.249999….
 */
export function escrowFeeCents(
  subtotalCents: number,
  basisPoints: number = DEFAULT_ESCROW_FEE_BASIS_POINTS,
): number {
  assertCents('subtotalCents', subtotalCents);
  assertCents('basisPoints', basisPoints);
  return Math.floor((subtotalCents * basisPoints + 5_000) / 10_000);
}

/**
 * What an order costs and pays out. The item price and postage are copied from the listing
 * at checkout; postage only applies to tracked post.
 */
export function orderAmounts(input: {
  itemCents: number;
  postageCents: number;
  feeBasisPoints?: number;
}): OrderAmounts {
  assertCents('itemCents', input.itemCents);
  assertCents('postageCents', input.postageCents);
  const sellerReceivesCents = input.itemCents + input.postageCents;
  const feeCents = escrowFeeCents(sellerReceivesCents, input.feeBasisPoints);
  return {
    itemCents: input.itemCents,
    postageCents: input.postageCents,
    feeCents,
    totalCents: sellerReceivesCents + feeCents,
    sellerReceivesCents,
  };
}
