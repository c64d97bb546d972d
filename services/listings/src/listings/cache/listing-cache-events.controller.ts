import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { type EventEnvelope, type EventTopic } from '@loadout/contracts';
import { CACHE_EVENTS } from '../../event-servers';
import { ListingsCache } from './listings-cache';

/**
 * Group `listings-cache`: this service's own listing events retire cached reads, so a change
 * made through another replica reaches this one's cache too. Invalidating twice is harmless.
 */
const LISTING_TOPICS: EventTopic[] = [
  'listings.listing.published.v1',
  'listings.listing.updated.v1',
  'listings.listing.removed.v1',
  'listings.listing.reserved.v1',
  'listings.listing.released.v1',
  'listings.listing.sold.v1',
];

@Controller()
export class ListingCacheEventsController {
  constructor(private readonly cache: ListingsCache) {}

  @EventPattern(LISTING_TOPICS, CACHE_EVENTS)
  onListingChanged(@Payload() event: EventEnvelope): Promise<void> {
    return this.cache.invalidate(event.aggregateId);
  }
}
