import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@loadout/events';
import { sqlExecutorOf, type Tx } from '@loadout/service-kit';
import { LISTINGS_SCHEMA } from '../listings.config';
import { type SnapshotSource, toSnapshot } from './persistence/listing.mapper';

export interface EventMetaInput {
  actorId: string | null;
  requestId?: string;
}

/** Appends this service's listing events to the outbox inside the caller's transaction. */
@Injectable()
export class ListingEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async published(tx: Tx, e: SnapshotSource, meta: EventMetaInput): Promise<void> {
    await this.outbox.append(
      sqlExecutorOf(tx),
      LISTINGS_SCHEMA,
      {
        type: 'listings.listing.published.v1',
        aggregateId: e.id,
        payload: { ...toSnapshot(e), publishedAt: (e.publishedAt ?? new Date()).toISOString() },
      },
      this.meta(meta),
    );
  }

  async updated(tx: Tx, e: SnapshotSource, changed: string[], meta: EventMetaInput): Promise<void> {
    await this.outbox.append(
      sqlExecutorOf(tx),
      LISTINGS_SCHEMA,
      {
        type: 'listings.listing.updated.v1',
        aggregateId: e.id,
        payload: { ...toSnapshot(e), changed },
      },
      this.meta(meta),
    );
  }

  async removed(tx: Tx, e: SnapshotSource, meta: EventMetaInput): Promise<void> {
    await this.outbox.append(
      sqlExecutorOf(tx),
      LISTINGS_SCHEMA,
      {
        type: 'listings.listing.removed.v1',
        aggregateId: e.id,
        payload: {
          listingId: e.id,
          sellerId: e.sellerId,
          removedBy: e.removedBy === 'moderator' ? 'moderator' : 'owner',
          reason: e.removalReason,
        },
      },
      this.meta(meta),
    );
  }

  async orderEvent(
    tx: Tx,
    type:
      'listings.listing.reserved.v1' | 'listings.listing.released.v1' | 'listings.listing.sold.v1',
    e: SnapshotSource,
    orderId: string,
    meta: EventMetaInput,
  ): Promise<void> {
    await this.outbox.append(
      sqlExecutorOf(tx),
      LISTINGS_SCHEMA,
      { type, aggregateId: e.id, payload: { listingId: e.id, sellerId: e.sellerId, orderId } },
      this.meta(meta),
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
      this.meta(meta),
    );
  }

  private meta(m: EventMetaInput) {
    return { actorId: m.actorId, correlationId: m.requestId };
  }
}
