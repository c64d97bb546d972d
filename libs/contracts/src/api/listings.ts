import { type KeysetPageQuery } from './paging';
import { type RatingSummary } from './reviews';
import { IMAGE_CONTENT_TYPES } from './images';
import { type IrishCounty } from './irish-counties';

/** Replica categories: every listing in one of these declares fps + BB weight (1 J rule). */
export const REPLICA_CATEGORIES = [
  'aeg_rifles',
  'gas_rifles',
  'pistols',
  'sniper_rifles',
  'shotguns',
  'support_weapons',
] as const;
export const GEAR_CATEGORIES = [
  'optics',
  'tactical_gear',
  'clothing',
  'protection',
  'parts_upgrades',
  'batteries_chargers',
  'bbs_gas',
  'other',
] as const;
export const LISTING_CATEGORIES = [...REPLICA_CATEGORIES, ...GEAR_CATEGORIES] as const;
export type ReplicaCategory = (typeof REPLICA_CATEGORIES)[number];
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<ListingCategory, string> = {
  aeg_rifles: 'AEG rifles',
  gas_rifles: 'Gas rifles',
  pistols: 'Pistols',
  sniper_rifles: 'Sniper rifles',
  shotguns: 'Shotguns',
  support_weapons: 'Support weapons',
  optics: 'Optics',
  tactical_gear: 'Tactical gear',
  clothing: 'Clothing',
  protection: 'Protection',
  parts_upgrades: 'Parts & upgrades',
  batteries_chargers: 'Batteries & chargers',
  bbs_gas: 'BBs & gas',
  other: 'Other',
};

export const isReplicaCategory = (value: unknown): value is ReplicaCategory =>
  typeof value === 'string' && (REPLICA_CATEGORIES as readonly string[]).includes(value);
export const isListingCategory = (value: unknown): value is ListingCategory =>
  typeof value === 'string' && (LISTING_CATEGORIES as readonly string[]).includes(value);

export const LISTING_CONDITIONS = ['new', 'like_new', 'good', 'fair', 'for_parts'] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];
export const CONDITION_LABELS: Record<ListingCondition, string> = {
  new: 'New',
  like_new: 'Like new',
  good: 'Good',
  fair: 'Fair',
  for_parts: 'For parts',
};

/**
 * draft → active → reserved → sold; `removed` by the owner (withdrawn) or a moderator;
 * `hidden`: active while its seller is suspended, active again on reinstatement (ADR 0035).
 */
export const LISTING_STATUSES = [
  'draft',
  'active',
  'reserved',
  'sold',
  'removed',
  'hidden',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'relevance'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const DELIVERY_OPTIONS = ['post', 'collection'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

export const SELLER_TYPES = ['private', 'trader'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

/** Limits of a listing (docs/domain.md "Listings"); money in integer cents. */
export const LISTING_LIMITS = {
  titleMin: 5,
  titleMax: 80,
  descriptionMin: 20,
  descriptionMax: 5000,
  priceMinCents: 100,
  priceMaxCents: 2_000_000,
  postageMaxCents: 10_000,
  imagesMin: 1,
  imagesMax: 10,
  imageMaxBytes: 10 * 1024 * 1024,
  imageContentTypes: IMAGE_CONTENT_TYPES,
  fpsMin: 50,
  fpsMax: 700,
  bbWeightMinGrams: 0.12,
  bbWeightMaxGrams: 0.48,
  bbWeightDefaultGrams: 0.2,
  /** Above this muzzle energy an air gun is a firearm in Ireland (Firearms Act 1925). */
  jouleLimit: 1,
  featured: 6,
  pageDefault: 24,
  pageMax: 48,
  searchMax: 100,
  removalReasonMin: 5,
  removalReasonMax: 500,
} as const;

/** Delivery: tracked post at a price, and/or collection in person in the listing's county. */
export interface ListingShipping {
  /** Tracked post price in cents; null = no post. */
  postageCents: number | null;
  collection: boolean;
}

export interface ListingImageDto {
  id: string;
  /** 1200 px re-encoded image, EXIF stripped. */
  url: string;
  /** 400 px thumbnail. */
  thumbUrl: string;
  width: number;
  height: number;
}

export interface ListingSellerDto {
  id: string;
  username: string;
  displayName: string;
  county: string | null;
  sellerType: SellerType;
  /** ISO date the account was created. */
  memberSince: string;
  /** Published reviews of the seller (orders' `orders.review.published.v1`). */
  rating?: RatingSummary;
}

/** A result card: `GET /api/v1/listings`, featured, favourites, a seller's listings. */
export interface ListingSummaryDto {
  id: string;
  title: string;
  priceCents: number | null;
  category: ListingCategory | null;
  condition: ListingCondition | null;
  county: IrishCounty | null;
  status: ListingStatus;
  /** Declared muzzle energy (replicas only), joules to 3 decimals. */
  joules: number | null;
  shipping: ListingShipping;
  thumbUrl: string | null;
  favoriteCount: number;
  sellerId: string;
  /** The seller's published reviews; absent where a query does not carry it. */
  sellerRating?: RatingSummary;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The answer of listings' internal `POST /internal/listings/{id}/reserve|release|sold`. A
 * reserve carries the listing's terms as they were under the reservation's lock: what the
 * order is made of, so a price edited just before the reservation cannot differ from it.
 */
export interface ReservationResponse {
  listingId: string;
  status: ListingStatus;
  /** False when the command had already been applied for this order (nothing changed). */
  changed: boolean;
  terms?: ReservedListingTerms;
}

/**
 * A listing as checkout needs it, read under the reservation's lock: the order is made of this
 * alone (ADR 0056: orders no longer reads the listing page first).
 */
export interface ReservedListingTerms {
  sellerId: string;
  title: string;
  priceCents: number | null;
  postageCents: number | null;
  collection: boolean;
  /** Where the item is (and is collected from). */
  county: IrishCounty | null;
  /** The listing's first photo, small. */
  thumbUrl: string | null;
  /** The seller's card as the listing page shows it. */
  sellerDisplayName: string;
  sellerType: SellerType;
}

/** `GET /api/v1/listings/{id}`. Drafts and removed listings only for their owner (and admins). */
export interface ListingDto extends ListingSummaryDto {
  description: string;
  fps: number | null;
  bbWeightGrams: number | null;
  images: ListingImageDto[];
  seller: ListingSellerDto;
  /** Shown to the owner when a moderator removed the listing. */
  removalReason: string | null;
  featured: boolean;
  /**
   * A `reserved` listing: held by an unpaid checkout (`checkout`) or by a paid order awaiting
   * delivery (`paid`); null otherwise. Absent from older answers (say nothing about payment).
   */
  reservation?: ListingReservation | null;
}

export type ListingReservation = 'checkout' | 'paid';

export interface ListingListResponse {
  items: ListingSummaryDto[];
  nextCursor: string | null;
  /** Listings matching the filters (all pages). */
  total: number;
}

/** Query of `GET /api/v1/listings` (every parameter optional). */
export interface ListingSearchParams extends KeysetPageQuery {
  search?: string;
  category?: ListingCategory;
  condition?: ListingCondition;
  county?: IrishCounty;
  minPriceCents?: number;
  maxPriceCents?: number;
  delivery?: DeliveryOption;
  sellerId?: string;
  sort?: ListingSort;
  cursor?: string;
  limit?: number;
}

/** What a search suggestion names: a model, a brand, or a category to browse. */
export const SEARCH_SUGGESTION_KINDS = ['model', 'brand', 'category'] as const;
export type SearchSuggestionKind = (typeof SEARCH_SUGGESTION_KINDS)[number];

/** At most this many suggestions per prefix. */
export const SEARCH_SUGGESTIONS_MAX = 8;

/**
 * One suggestion of `GET /api/v1/listings/suggestions?q=`: choosing it searches for `search`
 * (models and brands), or browses `category` (categories).
 */
export interface SearchSuggestion {
  kind: SearchSuggestionKind;
  /** What the search box shows ("Hi-Capa", "Tokyo Marui", "Pistols"). */
  label: string;
  search: string | null;
  category: ListingCategory | null;
}

export interface SearchSuggestionsResponse {
  items: SearchSuggestion[];
}

/**
 * `POST /api/v1/listings` and `PATCH /api/v1/listings/{id}`. A draft may leave fields out;
 * publishing (`publish: true`, or `POST listings/{id}/publish`) needs them all.
 */
export interface ListingInput {
  title?: string;
  description?: string;
  category?: ListingCategory;
  condition?: ListingCondition;
  priceCents?: number;
  county?: IrishCounty;
  shipping?: ListingShipping;
  fps?: number | null;
  bbWeightGrams?: number | null;
  /** Ids of completed uploads of the caller, in display order. */
  imageIds?: string[];
  publish?: boolean;
}

export interface ListingStatsResponse {
  activeListings: number;
}

export interface FeaturedListingsResponse {
  items: ListingSummaryDto[];
}

/** `GET /api/v1/favorites/ids`: the caller's favourite listing ids (for toggles). */
export interface FavoriteIdsResponse {
  ids: string[];
}

export interface FavoriteStateResponse {
  listingId: string;
  favorite: boolean;
  favoriteCount: number;
}

/** `POST /api/v1/uploads` body. */
export interface UploadRequest {
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * `POST /api/v1/uploads` answer: PUT each part's bytes (slice `(partNumber-1)*partSizeBytes`)
 * to its URL, keep each response's `ETag`, then `POST /api/v1/uploads/{uploadId}/complete`.
 * A failed part is retried by PUTting it again; `DELETE /api/v1/uploads/{uploadId}` cancels.
 */
export interface UploadTicket {
  uploadId: string;
  partSizeBytes: number;
  parts: { partNumber: number; url: string }[];
  /** Extra headers the PUTs must carry (e.g. Content-Type for a presigned URL). */
  headers: Record<string, string>;
  expiresAt: string;
}

/** One uploaded part: its number and the `ETag` its PUT answered. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
}

export interface CompleteUploadRequest {
  parts: UploadedPart[];
}

/** Query of `GET /api/v1/me/listings`: the seller's own listings, of one status or all. */
export interface MyListingsQuery extends KeysetPageQuery {
  status?: ListingStatus;
}

/** Query of `GET /api/v1/listings/suggestions`. */
export interface SearchSuggestionsQuery {
  q?: string;
}

/** `PUT /api/v1/admin/listings/{id}/featured` (admins). */
export interface SetFeaturedRequest {
  featured: boolean;
}

/** Removing a listing (its seller withdraws it, or a moderator removes it with a reason). */
export interface RemoveListingRequest {
  reason?: string;
}

/** Orders' internal commands on a listing (reserve, release, sell): for which order. */
export interface ListingOrderCommand {
  orderId: string;
  /**
   * A reserve's buyer and the delivery they chose: listings refuses before holding anything when
   * the buyer is the seller (`LISTINGS.OWN_LISTING`) or the listing does not offer that delivery
   * (`LISTINGS.DELIVERY_UNAVAILABLE`). Ignored by the other commands.
   */
  buyerId?: string;
  delivery?: DeliveryOption;
}
