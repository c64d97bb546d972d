import {
  type IrishCounty,
  type ListingCategory,
  type ListingCondition,
  type ListingDto,
  type ListingImageDto,
  type ListingReservation,
  type ListingSellerDto,
  type ListingStatus,
  type ListingSummaryDto,
  type RatingSummary,
  ratingSummaryOf,
  type SellerType,
} from '@loadout/contracts';
import { type ListingSnapshotV1 } from '@loadout/contracts';
import { type ListingEntity } from './listing.entity';
import { type DetailRow, type SummaryRow } from './listing.rows';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const withRating = <K extends string>(key: K, rating: RatingSummary | null) =>
  (rating ? { [key]: rating } : {}) as Partial<Record<K, RatingSummary>>;

/** The seller's rating; null (and left out of the answer) before any published review. */
function ratingOf(r: SummaryRow): RatingSummary | null {
  return r.seller_rating_count
    ? ratingSummaryOf(r.seller_rating_count, r.seller_rating_sum ?? 0)
    : null;
}

export function toSummaryDto(r: SummaryRow): ListingSummaryDto {
  return {
    id: r.id,
    title: r.title,
    priceCents: r.price_cents,
    category: r.category as ListingCategory | null,
    condition: r.condition as ListingCondition | null,
    county: r.county as IrishCounty | null,
    status: r.status as ListingStatus,
    joules: r.joules,
    shipping: { postageCents: r.postage_cents, collection: r.collection },
    thumbUrl: r.thumb_url,
    favoriteCount: r.favorite_count,
    sellerId: r.seller_id,
    ...withRating('sellerRating', ratingOf(r)),
    publishedAt: iso(r.published_at),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** Shown when identity's event has not arrived yet (or the account is gone). */
export function neutralSeller(id: string, since: Date): ListingSellerDto {
  return {
    id,
    username: '',
    displayName: 'Loadout member',
    county: null,
    sellerType: 'private',
    memberSince: since.toISOString(),
  };
}

export function toListingDto(
  r: DetailRow,
  images: ListingImageDto[],
  showRemovalReason: boolean,
): ListingDto {
  const seller: ListingSellerDto =
    r.seller_display_name !== null && r.seller_member_since !== null
      ? {
          id: r.seller_id,
          username: r.seller_username ?? '',
          displayName: r.seller_display_name,
          county: r.seller_county,
          sellerType: (r.seller_type ?? 'private') as SellerType,
          memberSince: r.seller_member_since.toISOString(),
          ...withRating('rating', ratingOf(r)),
        }
      : { ...neutralSeller(r.seller_id, r.created_at), ...withRating('rating', ratingOf(r)) };
  return {
    ...toSummaryDto(r),
    description: r.description ?? '',
    fps: r.fps,
    bbWeightGrams: r.bb_weight_grams,
    images,
    seller,
    removalReason: showRemovalReason ? r.removal_reason : null,
    featured: r.featured_at !== null,
    reservation:
      r.status === 'reserved' ? ((r.reservation_state as ListingReservation | null) ?? null) : null,
  };
}

/** The public facts carried by published/updated events (only complete listings emit them). */
export function toSnapshot(e: ListingEntity): ListingSnapshotV1 {
  return {
    listingId: e.id,
    sellerId: e.sellerId,
    title: e.title,
    category: e.category ?? '',
    condition: e.condition ?? '',
    priceCents: e.priceCents ?? 0,
    county: e.county ?? '',
    status: e.status as ListingStatus,
    joules: e.joules,
    thumbUrl: e.thumbUrl,
  };
}
