import { Injectable } from '@nestjs/common';
import { type Tx } from '@loadout/service-kit';
import { closeOnListingRemoved } from '../domain/offer';
import { OfferRepository } from '../domain/offer-repository.port';

/**
 * The seller withdrew the listing, or a moderator removed it: every running offer on it closes
 * (`listing_removed`), each with its `orders.offer.closed.v1`, so buyers are told at once
 * instead of waiting for the 48-hour expiry, and a seller can no longer accept an offer on an
 * item that is gone. A replayed event finds nothing running and changes nothing.
 */
@Injectable()
export class CloseRemovedListingOffersHandler {
  constructor(private readonly offers: OfferRepository) {}

  async close(tx: Tx, listingId: string, eventId: string): Promise<number> {
    const running = await this.offers.lockRunningOnListing(tx, listingId);
    const now = new Date();
    let closed = 0;
    for (const offer of running) {
      const change = closeOnListingRemoved(offer, now);
      if (!change) continue;
      await this.offers.save(tx, change, { actorId: null, requestId: `event:${eventId}` });
      closed++;
    }
    return closed;
  }
}
