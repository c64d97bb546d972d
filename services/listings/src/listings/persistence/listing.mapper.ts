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
import { Listing, type ListingProps } from '../domain/listing';
import { ListingEntity } from './listing.entity';
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

/** A seller's name and kind before identity's event arrived (or after the account went). */
export const NEUTRAL_SELLER = {
  displayName: 'Loadout member',
  sellerType: 'private',
} as const satisfies Pick<ListingSellerDto, 'displayName' | 'sellerType'>;

/** Shown when identity's event has not arrived yet (or the account is gone). */
export function neutralSeller(id: string, since: Date): ListingSellerDto {
  return { id, username: '', county: null, ...NEUTRAL_SELLER, memberSince: since.toISOString() };
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
          sellerType: (r.seller_type ?? NEUTRAL_SELLER.sellerType) as SellerType,
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

/** What an event's payload is built from: a row or an aggregate's props. */
export type SnapshotSource = Pick<
  ListingEntity,
  | 'id'
  | 'sellerId'
  | 'title'
  | 'category'
  | 'condition'
  | 'priceCents'
  | 'county'
  | 'joules'
  | 'thumbUrl'
  | 'publishedAt'
  | 'removalReason'
> & { status: string; removedBy: string | null };

/** The public facts carried by published/updated events (only complete listings emit them). */
export function toSnapshot(e: SnapshotSource): ListingSnapshotV1 {
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

/** A row as the aggregate. */
export function listingFromEntity(e: ListingEntity): Listing {
  return Listing.restore({
    id: e.id,
    sellerId: e.sellerId,
    status: e.status as ListingStatus,
    title: e.title,
    description: e.description,
    category: e.category,
    condition: e.condition,
    priceCents: e.priceCents,
    county: e.county,
    postageCents: e.postageCents,
    collection: e.collection,
    fps: e.fps,
    bbWeightGrams: e.bbWeightGrams,
    joules: e.joules,
    thumbUrl: e.thumbUrl,
    imageCount: e.imageCount,
    favoriteCount: e.favoriteCount,
    featuredAt: e.featuredAt,
    removedBy: e.removedBy === 'owner' || e.removedBy === 'moderator' ? e.removedBy : null,
    removalReason: e.removalReason,
    reservedOrderId: e.reservedOrderId,
    reservationState: e.reservationState,
    soldOrderId: e.soldOrderId,
    publishedAt: e.publishedAt,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    version: e.version,
  });
}

/** The aggregate as a row (`search_vector` is Postgres's; `favorite_count` is the favourites'). */
export function listingToEntity(p: Readonly<ListingProps>): ListingEntity {
  return Object.assign(new ListingEntity(), {
    id: p.id,
    sellerId: p.sellerId,
    status: p.status,
    title: p.title,
    description: p.description,
    category: p.category,
    condition: p.condition,
    priceCents: p.priceCents,
    county: p.county,
    postageCents: p.postageCents,
    collection: p.collection,
    fps: p.fps,
    bbWeightGrams: p.bbWeightGrams,
    joules: p.joules,
    thumbUrl: p.thumbUrl,
    imageCount: p.imageCount,
    favoriteCount: p.favoriteCount,
    featuredAt: p.featuredAt,
    removedBy: p.removedBy,
    removalReason: p.removalReason,
    reservedOrderId: p.reservedOrderId,
    reservationState: p.reservationState,
    soldOrderId: p.soldOrderId,
    publishedAt: p.publishedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    version: p.version,
  });
}
