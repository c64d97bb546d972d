import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isId } from '@loadout/db';
import { ListingEntity } from './listing.entity';

/**
 * Listings rows. Every write of `listings.listings` by a use case goes through here; reads for
 * pages go through `ListingQueries`.
 */
@Injectable()
export class ListingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: the row change and its outbox event commit together. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The listing, locked until the transaction ends (changes to one listing queue up). */
  lock(tx: EntityManager, id: string): Promise<ListingEntity | null> {
    if (!isId(id)) return Promise.resolve(null);
    return tx.findOne(ListingEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(tx: EntityManager, listing: ListingEntity): Promise<void> {
    await tx.insert(ListingEntity, listing);
  }

  /** Saves a changed listing (the caller has bumped `version` when the change is visible). */
  async save(tx: EntityManager, listing: ListingEntity): Promise<void> {
    await tx.save(listing);
  }

  /** Stores the thumbnail and photo count after the listing's photos were attached. */
  async saveImageSummary(tx: EntityManager, listing: ListingEntity): Promise<void> {
    await tx.update(
      ListingEntity,
      { id: listing.id },
      { thumbUrl: listing.thumbUrl, imageCount: listing.imageCount },
    );
  }

  /**
   * A seller's suspension (ADR 0035): their active listings → hidden, or back. Reserved and sold
   * ones stay as they are (paid orders continue). Returns the changed rows, for their events.
   */
  async setSellerListingsHidden(
    tx: EntityManager,
    sellerId: string,
    hidden: boolean,
  ): Promise<ListingEntity[]> {
    const [from, to] = hidden ? ['active', 'hidden'] : ['hidden', 'active'];
    const ids = (await tx.query(
      `UPDATE "listings"."listings" SET "status" = $3, "version" = "version" + 1, "updated_at" = now()
        WHERE "seller_id" = $1 AND "status" = $2 RETURNING "id"`,
      [sellerId, from, to],
    )) as [Array<{ id: string }>, number] | Array<{ id: string }>;
    const rows = Array.isArray(ids[0])
      ? (ids[0] as Array<{ id: string }>)
      : (ids as Array<{ id: string }>);
    if (rows.length === 0) return [];
    return tx.find(ListingEntity, { where: rows.map((r) => ({ id: r.id })) });
  }
}
