/** The public facts of a listing after a change, carried by published/updated events. */
export interface ListingSnapshotV1 {
  listingId: string;
  sellerId: string;
  title: string;
  category: string;
  condition: string;
  priceCents: number;
  county: string;
  status: 'draft' | 'active' | 'reserved' | 'sold' | 'removed' | 'hidden';
  joules: number | null;
  thumbUrl: string | null;
}
