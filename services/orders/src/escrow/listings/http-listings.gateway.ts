import { Inject, Injectable } from '@nestjs/common';
import {
  type ListingDto,
  type ListingOrderCommand,
  type ReservationResponse,
} from '@loadout/contracts';
import { InternalHttpClient } from '@loadout/http';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { listingsUnreachable } from '../domain/order.errors';
import {
  type ListingForCheckout,
  type ListingsGateway,
  type ReservationFor,
  type ReserveOutcome,
} from './listings.gateway';

/**
 * Listings over HTTP: the public listing read (offers) and the internal reserve/release commands
 * (a reserve answers the listing checkout is made of, ADR 0056; release only undoes a
 * reservation whose order was never written, ADR 0044).
 */
@Injectable()
export class HttpListingsGateway implements ListingsGateway {
  private readonly listings: InternalHttpClient;

  constructor(@Inject(ORDERS_CONFIG) config: OrdersConfig) {
    this.listings = new InternalHttpClient({
      baseUrl: config.LISTINGS_URL,
      internalToken: config.INTERNAL_API_TOKEN,
      unavailable: listingsUnreachable,
    });
  }

  async getListing(listingId: string): Promise<ListingForCheckout | null> {
    const res = await this.listings.call<ListingDto>(
      `/api/v1/listings/${encodeURIComponent(listingId)}`,
    );
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok || !res.body) throw listingsUnreachable();
    const l = res.body;
    const image = l.images?.[0];
    return {
      id: l.id,
      sellerId: l.sellerId,
      status: l.status,
      title: l.title,
      priceCents: l.priceCents,
      postageCents: l.shipping?.postageCents ?? null,
      collection: l.shipping?.collection ?? false,
      photoUrl: image?.thumbUrl ?? image?.url ?? l.thumbUrl ?? null,
      sellerDisplayName: l.seller?.displayName ?? 'Loadout seller',
      sellerType: l.seller?.sellerType ?? 'private',
      county: l.county ?? null,
    };
  }

  async reserve(
    listingId: string,
    orderId: string,
    buyer: ReservationFor,
  ): Promise<ReserveOutcome> {
    // A success answers the reservation; a refusal, listings' error body (its code).
    const res = await this.command<Partial<ReservationResponse> & { code?: string }>(
      listingId,
      'reserve',
      { orderId, buyerId: buyer.buyerId, delivery: buyer.delivery },
    );
    if (res.status === 404 || res.status === 400) return { kind: 'not_found' };
    if (res.status === 409) {
      const code = res.body?.code;
      if (code === 'LISTINGS.OWN_LISTING') return { kind: 'own_listing' };
      if (code === 'LISTINGS.DELIVERY_UNAVAILABLE') return { kind: 'delivery_unavailable' };
      return { kind: 'unavailable' };
    }
    const terms = res.ok ? res.body?.terms : undefined;
    // Without the whole terms of the reservation (a listings from before ADR 0056 answers no
    // seller card) the order cannot be made safely (issue 23 sc. 11).
    if (!terms?.sellerDisplayName) throw listingsUnreachable();
    return {
      kind: 'reserved',
      listing: {
        sellerId: terms.sellerId,
        title: terms.title,
        priceCents: terms.priceCents,
        postageCents: terms.postageCents,
        collection: terms.collection,
        photoUrl: terms.thumbUrl,
        sellerDisplayName: terms.sellerDisplayName,
        sellerType: terms.sellerType,
        county: terms.county,
      },
    };
  }

  async release(listingId: string, orderId: string): Promise<void> {
    const res = await this.command(listingId, 'release', { orderId });
    // 409: held for another order or sold; 404: gone. Nothing of ours is held either way.
    if (!res.ok && res.status !== 409 && res.status !== 404)
      throw new Error(`listings release answered ${res.status}`);
  }

  private command<T = unknown>(listingId: string, name: string, body: ListingOrderCommand) {
    return this.listings.call<T>(`/internal/listings/${encodeURIComponent(listingId)}/${name}`, {
      method: 'POST',
      internal: true,
      json: body,
    });
  }
}
