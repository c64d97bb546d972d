import { Inject, Injectable } from '@nestjs/common';
import { type ListingDto } from '@loadout/contracts';
import { AppError, notFoundError } from '@loadout/errors';
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
  constructor(@Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig) {
    super();
  }

  async find(listingId: string): Promise<ListingContext> {
    const base = this.config.LISTINGS_URL;
    if (!base) throw listingsUnavailable();
    let res: Response;
    try {
      res = await fetch(
        `${base.replace(/\/$/, '')}/api/v1/listings/${encodeURIComponent(listingId)}`,
        {
          signal: AbortSignal.timeout(5000),
        },
      );
    } catch {
      throw listingsUnavailable();
    }
    if (res.status === 404 || res.status === 400) throw listingNotFound();
    if (!res.ok) throw listingsUnavailable();
    const listing = (await res.json()) as ListingDto;
    return {
      id: listing.id,
      sellerId: listing.sellerId,
      title: listing.title,
      priceCents: listing.priceCents,
      thumbUrl: listing.thumbUrl,
    };
  }
}
