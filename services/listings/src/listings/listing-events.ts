import { Injectable } from '@nestjs/common';
import { type NewEvent, OutboxWriter, type PreparedOutboxRows } from '@loadout/events';
import { sqlExecutorOf, type Tx } from '@loadout/service-kit';
import { LISTINGS_SCHEMA } from '../listings.config';
import { type ListingEvent } from './domain/listing';
import { type SnapshotSource, toSnapshot } from './persistence/listing.mapper';

export interface EventMetaInput {
  actorId: string | null;
  requestId?: string;
}

type ListingTopic = ListingEvent['type'];

/** The outbox event of one change event of a listing (its row as it is saved). */
function listingEvent(event: ListingEvent, e: SnapshotSource): NewEvent<ListingTopic> {
  switch (event.type) {
    case 'listings.listing.published.v1':
      return {
        type: event.type,
        aggregateId: e.id,
        payload: { ...toSnapshot(e), publishedAt: (e.publishedAt ?? new Date()).toISOString() },
      };
    case 'listings.listing.updated.v1':
      return {
        type: event.type,
        aggregateId: e.id,
        payload: { ...toSnapshot(e), changed: event.changed },
      };
    case 'listings.listing.removed.v1':
      return {
        type: event.type,
        aggregateId: e.id,
        payload: {
          listingId: e.id,
          sellerId: e.sellerId,
          removedBy: e.removedBy === 'moderator' ? 'moderator' : 'owner',
          reason: e.removalReason,
        },
      };
    case 'listings.listing.reserved.v1':
    case 'listings.listing.released.v1':
    case 'listings.listing.sold.v1':
      return {
        type: event.type,
        aggregateId: e.id,
        payload: { listingId: e.id, sellerId: e.sellerId, orderId: event.orderId },
      };
  }
}

const metaOf = (m: EventMetaInput) => ({ actorId: m.actorId, correlationId: m.requestId });

/** This service's listing events, written to the outbox inside the caller's transaction. */
@Injectable()
export class ListingEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  /**
   * A listing change's events as one part of the caller's statement (one `INSERT`, rows in
   * the change's order: `OutboxWriter.prepareRows`), parameters numbered from `firstParam`;
   * with `when`, only if that condition of the caller's statement holds (a guarded write).
   */
  prepare(
    events: readonly ListingEvent[],
    listing: SnapshotSource,
    meta: EventMetaInput,
    firstParam: number,
    when?: string,
  ): PreparedOutboxRows<ListingTopic> {
    return this.outbox.prepareRows(
      LISTINGS_SCHEMA,
      events.map((event) => ({ event: listingEvent(event, listing), meta: metaOf(meta) })),
      firstParam,
      when,
    );
  }

  /** A user favourited the listing (only when it was not already one of theirs). */
  async favourited(
    tx: Tx,
    f: {
      listingId: string;
      sellerId: string;
      userId: string;
      title: string;
      favoriteCount: number;
    },
    meta: EventMetaInput,
  ): Promise<void> {
    await this.outbox.append(
      sqlExecutorOf(tx),
      LISTINGS_SCHEMA,
      {
        type: 'listings.listing.favourited.v1',
        aggregateId: f.listingId,
        payload: { ...f, favouritedAt: new Date().toISOString() },
      },
      metaOf(meta),
    );
  }
}
