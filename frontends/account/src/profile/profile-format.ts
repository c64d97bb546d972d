import { type SellerType } from '@loadout/contracts';
import { SELLER_TYPE_LABELS } from '@loadout/web';

export function sellerTypeLabel(type: SellerType | string | null | undefined): string {
  return type === 'trader' ? SELLER_TYPE_LABELS.trader : SELLER_TYPE_LABELS.private;
}

/** First letters of up to two words, for the avatar placeholder. */
export { avatarInitials as initials } from '@loadout/ui';
