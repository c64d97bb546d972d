import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { type ListingStatus } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { entityManagerOf, type Tx } from '@loadout/service-kit';
import { type Listing, type ListingChange } from '../domain/listing';
import { ListingRepository, type ListingChangeMeta } from '../domain/listing-repository.port';
import { ListingEvents } from '../listing-events';
import { ListingEntity } from './listing.entity';
import { listingFromEntity, listingToEntity } from './listing.mapper';

/**
 * Listings rows (TypeORM). Every write of `listings.listings` by a use case goes through here;
 * reads for pages go through `ListingQueries`.
 */
@Injectable()
export class TypeOrmListingRepository extends ListingRepository {
  constructor(private readonly events: ListingEvents) {
    super();
  }

  async lock(tx: Tx, id: string): Promise<Listing | null> {
    if (!isId(id)) return null;
    const row = await entityManagerOf(tx).findOne(ListingEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    return row ? listingFromEntity(row) : null;
  }

  async lockOfSeller(tx: Tx, sellerId: string, statuses: ListingStatus[]): Promise<Listing[]> {
    const rows = await entityManagerOf(tx).find(ListingEntity, {
      where: { sellerId, status: In(statuses) },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return rows.map(listingFromEntity);
  }

  async insert(tx: Tx, listing: Listing): Promise<void> {
    await entityManagerOf(tx).insert(ListingEntity, listingToEntity(listing.props));
  }

  async save(tx: Tx, change: ListingChange, meta: ListingChangeMeta): Promise<void> {
    const em = entityManagerOf(tx);
    // favorite_count moves with the favourites (their own statement); never written from here.
    const {
      id,
      favoriteCount: _count,
      createdAt: _created,
      ...columns
    } = listingToEntity(change.listing.props);
    await em.update(ListingEntity, { id }, columns);
    const p = change.listing.props;
    for (const event of change.events) {
      switch (event.type) {
        case 'listings.listing.published.v1':
          await this.events.published(tx, p, meta);
          break;
        case 'listings.listing.updated.v1':
          await this.events.updated(tx, p, event.changed, meta);
          break;
        case 'listings.listing.removed.v1':
          await this.events.removed(tx, p, meta);
          break;
        case 'listings.listing.reserved.v1':
        case 'listings.listing.released.v1':
        case 'listings.listing.sold.v1':
          await this.events.orderEvent(tx, event.type, p, event.orderId, meta);
          break;
      }
    }
  }
}
