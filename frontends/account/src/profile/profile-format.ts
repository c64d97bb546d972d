import { type SellerType } from '@loadout/contracts';
import { SELLER_TYPE_LABELS } from '@loadout/web';

export function sellerTypeLabel(type: SellerType | string | null | undefined): string {
  return type === 'trader' ? SELLER_TYPE_LABELS.trader : SELLER_TYPE_LABELS.private;
}

/** First letters of up to two words, for the avatar placeholder. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}
