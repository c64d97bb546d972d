import { Inject, Injectable } from '@nestjs/common';
import { type ListingDto, type ReservationResponse } from '@loadout/contracts';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { listingsUnreachable } from '../domain/order.errors';
import {
  type ListingForCheckout,
  type ListingsGateway,
  type ReserveOutcome,
} from './listings.gateway';

const TIMEOUT_MS = 5_000;

/** Listings over HTTP: the public listing read and the internal reserve/release/sold commands. */
@Injectable()
export class HttpListingsGateway implements ListingsGateway {
  constructor(@Inject(ORDERS_CONFIG) private readonly config: OrdersConfig) {}

  async getListing(listingId: string): Promise<ListingForCheckout | null> {
    const res = await this.fetch(`/api/v1/listings/${encodeURIComponent(listingId)}`, {
      method: 'GET',
    });
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) throw listingsUnreachable();
    const l = (await res.json()) as ListingDto;
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

  async reserve(listingId: string, orderId: string): Promise<ReserveOutcome> {
    const res = await this.command(listingId, 'reserve', orderId);
    if (res.status === 409 || res.status === 404) return { kind: 'unavailable' };
    const body = res.ok ? ((await res.json()) as ReservationResponse) : null;
    // Without the terms of the reservation the order cannot be made safely (issue 23 sc. 11).
    if (!body?.terms) throw listingsUnreachable();
    return { kind: 'reserved', terms: body.terms };
  }

  async release(listingId: string, orderId: string): Promise<void> {
    const res = await this.command(listingId, 'release', orderId);
    // 409: held for another order or sold; 404: gone. Nothing of ours is held either way.
    if (!res.ok && res.status !== 409 && res.status !== 404)
      throw new Error(`listings release answered ${res.status}`);
  }

  async markSold(listingId: string, orderId: string): Promise<void> {
    const res = await this.command(listingId, 'sold', orderId);
    if (!res.ok) throw new Error(`listings sold answered ${res.status}`);
  }

  private command(listingId: string, name: string, orderId: string) {
    return this.fetch(`/internal/listings/${encodeURIComponent(listingId)}/${name}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-internal-token': this.config.INTERNAL_API_TOKEN,
      },
      body: JSON.stringify({ orderId }),
    });
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(path, this.config.LISTINGS_URL), {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw listingsUnreachable();
    }
  }
}
