import { Inject, Injectable } from '@nestjs/common';
import { type ListingDto } from '@loadout/contracts';
import { AppError, notFoundError } from '@loadout/errors';
import { InternalHttpClient } from '@loadout/http';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../messaging.config';

export interface ListingContext {
  id: string;
  sellerId: string;
  title: string;
  priceCents: number | null;
  thumbUrl: string | null;
}

export const listingNotFound = () =>
  notFoundError('MESSAGING.LISTING_NOT_FOUND', 'That listing could not be found.');
const listingsUnavailable = () =>
  new AppError(
    'MESSAGING.LISTINGS_UNAVAILABLE',
    'Listing details are unavailable right now. Please try again shortly.',
    'unavailable',
  );

/** Where a conversation's listing context comes from (a port: tests may serve their own). */
export abstract class ListingDirectory {
  abstract find(listingId: string): Promise<ListingContext>;
}

/** Reads the public listing from the listings service (no service reads another's tables). */
@Injectable()
export class HttpListingDirectory extends ListingDirectory {
  private readonly listings: InternalHttpClient;

  constructor(@Inject(MESSAGING_CONFIG) config: MessagingConfig) {
    super();
    this.listings = new InternalHttpClient({
      baseUrl: config.LISTINGS_URL,
      unavailable: listingsUnavailable,
    });
  }

  async find(listingId: string): Promise<ListingContext> {
    const res = await this.listings.call<ListingDto>(
      `/api/v1/listings/${encodeURIComponent(listingId)}`,
    );
    if (res.status === 404 || res.status === 400) throw listingNotFound();
    if (!res.ok || !res.body) throw listingsUnavailable();
    const listing = res.body;
    return {
      id: listing.id,
      sellerId: listing.sellerId,
      title: listing.title,
      priceCents: listing.priceCents,
      thumbUrl: listing.thumbUrl,
    };
  }
}
