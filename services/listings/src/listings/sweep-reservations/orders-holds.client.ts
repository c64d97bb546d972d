import { Inject, Injectable } from '@nestjs/common';
import { type ListingHold, type ListingHoldsResponse } from '@loadout/contracts';
import { LISTINGS_CONFIG, type ListingsConfig } from '../../listings.config';

const TIMEOUT_MS = 5_000;

/** Orders' `POST /internal/orders/listing-holds`: what to do with listings held for orders. */
@Injectable()
export class OrdersHoldsClient {
  constructor(@Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig) {}

  get configured(): boolean {
    return !!this.config.ORDERS_URL && !!this.config.INTERNAL_API_TOKEN;
  }

  async holds(orderIds: string[]): Promise<Record<string, ListingHold>> {
    const res = await fetch(new URL('/internal/orders/listing-holds', this.config.ORDERS_URL), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-internal-token': this.config.INTERNAL_API_TOKEN ?? '',
      },
      body: JSON.stringify({ orderIds }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`orders listing-holds answered ${res.status}`);
    return ((await res.json()) as ListingHoldsResponse).holds;
  }
}
