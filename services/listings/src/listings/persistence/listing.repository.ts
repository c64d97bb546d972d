import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isId } from '@loadout/db';
import { ListingEntity } from './listing.entity';

export interface SellerClaims {
  id: string;
  username: string | null;
  name: string | null;
}

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

  /**
   * Makes sure a seller card exists for a new listing, from the token's claims. Identity's
   * events replace it (its `updated_at` is the epoch, older than any event).
   */
  async ensureSeller(tx: EntityManager, claims: SellerClaims): Promise<void> {
    await tx.query(
      `INSERT INTO "listings"."sellers"
         ("id", "username", "display_name", "county", "seller_type", "member_since", "updated_at")
       VALUES ($1, $2, $3, NULL, 'private', now(), 'epoch')
       ON CONFLICT ("id") DO NOTHING`,
      [
        claims.id,
        (claims.username ?? '').slice(0, 60),
        (claims.name ?? claims.username ?? 'Loadout member').slice(0, 120),
      ],
    );
  }
}
