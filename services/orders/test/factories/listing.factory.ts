import { newId } from '@loadout/db';
import { type StandInListing } from '../support/listings-stand-in';

let n = 0;

/** An active listing of `sellerId`: €120.00 + €8.00 tracked post, collection in Kildare. */
export function buildListing(sellerId: string, over: Partial<StandInListing> = {}): StandInListing {
  n += 1;
  return {
    id: newId(),
    sellerId,
    status: 'active',
    title: `Test Replica ${String(n).padStart(3, '0')}`,
    priceCents: 12_000,
    postageCents: 800,
    collection: true,
    county: 'Kildare',
    sellerType: 'private',
    reservedOrderId: null,
    soldOrderId: null,
    ...over,
  };
}
