import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface HeldListing {
  listingId: string;
  orderId: string;
  /** Keyset position for the next page. */
  updatedAt: Date;
}

/** Reads of the reservation sweep. */
@Injectable()
export class ReservationQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Listings reserved (and untouched) since before `cutoff`, oldest first, keyset-paged. */
  async reservedBefore(
    cutoff: Date,
    after: { updatedAt: Date; listingId: string } | null,
    limit: number,
  ): Promise<HeldListing[]> {
    return (await this.dataSource.query(
      `SELECT id AS "listingId", reserved_order_id AS "orderId", updated_at AS "updatedAt"
         FROM listings.listings
        WHERE status = 'reserved' AND reserved_order_id IS NOT NULL AND updated_at < $1
          AND ($2::timestamptz IS NULL OR (updated_at, id) > ($2::timestamptz, $3::text))
        ORDER BY updated_at, id LIMIT $4`,
      [cutoff, after?.updatedAt ?? null, after?.listingId ?? '', limit],
    )) as HeldListing[];
  }
}
