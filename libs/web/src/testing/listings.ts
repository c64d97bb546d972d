// Test data for the remotes that show listings (marketplace, orders, shell, account).
import { type ListingDto, type ListingSellerDto, type ListingSummaryDto } from '@loadout/contracts';
import { type SessionUser } from '../session';

export const BUYER_USER: SessionUser = {
  id: 'buyer00000000000000001',
  email: 'aoife@example.ie',
  username: 'aoife',
  displayName: 'Aoife',
  roles: ['user'],
};

export const SELLER_USER: SessionUser = {
  id: 'seller0000000000000001',
  email: 'ciaran@example.ie',
  username: 'cork.sniper',
  displayName: 'Ciarán',
  roles: ['user'],
};

let seq = 0;

/** A search result (card) by the seller above; every call gets a new id. */
export function buildListingSummary(overrides: Partial<ListingSummaryDto> = {}): ListingSummaryDto {
  seq += 1;
  return {
    id: `listing-${seq}`,
    title: `Tokyo Marui M4 #${seq}`,
    priceCents: 25000,
    category: 'aeg_rifles',
    condition: 'good',
    county: 'Cork',
    status: 'active',
    joules: 0.976,
    shipping: { postageCents: 950, collection: true },
    thumbUrl: `https://img.example/${seq}-400.webp`,
    favoriteCount: 3,
    sellerId: SELLER_USER.id,
    publishedAt: '2025-03-01T10:00:00Z',
    createdAt: '2025-03-01T09:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

export function buildListingSeller(overrides: Partial<ListingSellerDto> = {}): ListingSellerDto {
  return {
    id: SELLER_USER.id,
    username: SELLER_USER.username,
    displayName: SELLER_USER.displayName,
    county: 'Cork',
    sellerType: 'private',
    memberSince: '2024-11-02T09:00:00Z',
    ...overrides,
  };
}

const photo = (n: number) => ({
  id: `img-${n}`,
  url: `https://img.example/${n}-1200.webp`,
  thumbUrl: `https://img.example/${n}-400.webp`,
  width: 1200,
  height: 900,
});

/** A listing page: three photos, the seller card, a three-paragraph description. */
export function buildListing(overrides: Partial<ListingDto> = {}): ListingDto {
  return {
    ...buildListingSummary(overrides),
    description: 'Upgraded gearbox.\nNew spring fitted.\n\nComes with two mid-caps.',
    fps: 310,
    bbWeightGrams: 0.2,
    images: [photo(1), photo(2), photo(3)],
    seller: buildListingSeller(),
    removalReason: null,
    featured: false,
    ...overrides,
  };
}

/** One page of search results as the API answers it. */
export const listingPage = (
  items: ListingSummaryDto[],
  nextCursor: string | null = null,
  total = items.length,
) => ({ items, nextCursor, total });
