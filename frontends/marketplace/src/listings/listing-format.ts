import {
  type ListingCategory,
  type ListingCondition,
  type ListingShipping,
  type SellerType,
  CATEGORY_LABELS,
  CONDITION_LABELS,
} from '@loadout/contracts';
import { formatCount, formatListingPrice } from '@loadout/web';

/** "0.98 J" (joules to 2 decimals). */
export function formatJoules(joules: number): string {
  return `${joules.toFixed(2)} J`;
}

/** "0.98 J · 310 fps with 0.20 g BBs"; just the joules when fps or BB weight is missing. */
export function muzzleSummary(joules: number, fps: number | null, bbWeightGrams: number | null) {
  if (fps === null || bbWeightGrams === null) return formatJoules(joules);
  return `${formatJoules(joules)} · ${Math.round(fps)} fps with ${bbWeightGrams.toFixed(2)} g BBs`;
}

export function priceText(cents: number | null): string {
  return cents === null ? 'Price not set' : formatListingPrice(cents);
}

export const categoryText = (category: ListingCategory | null) =>
  category ? CATEGORY_LABELS[category] : 'Uncategorised';

export const conditionText = (condition: ListingCondition | null) =>
  condition ? CONDITION_LABELS[condition] : 'Condition not stated';

export const countyText = (county: string | null) => (county ? `Co. ${county}` : 'Ireland');

/** The ways to get the item: "Tracked post €6.50", "Collection in Co. Cork". */
export function deliveryOptions(shipping: ListingShipping, county: string | null): string[] {
  const options: string[] = [];
  if (shipping.postageCents !== null) {
    options.push(
      shipping.postageCents === 0
        ? 'Free tracked post'
        : `Tracked post ${formatListingPrice(shipping.postageCents)}`,
    );
  }
  if (shipping.collection) {
    options.push(county ? `Collection in Co. ${county}` : 'Collection in person');
  }
  return options;
}

export { SELLER_TYPE_LABELS } from '@loadout/web';

export const SELLER_TYPE_NOTES: Record<SellerType, string> = {
  private:
    'A private individual, not a business: the EU consumer rights you have when buying from a trader do not apply to this sale. Escrow still protects your payment.',
  trader: 'A business selling in the course of trade: EU consumer rights apply to this sale.',
};

/** "1 listing", "24 listings". */
export function countListings(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'listing' : 'listings'}`;
}
