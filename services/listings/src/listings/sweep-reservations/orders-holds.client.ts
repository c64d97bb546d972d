import { Inject, Injectable } from '@nestjs/common';
import { type ListingHold, type ListingHoldsResponse } from '@loadout/contracts';
import { InternalHttpClient } from '@loadout/http';
import { LISTINGS_CONFIG, type ListingsConfig } from '../../listings.config';

/** Orders' `POST /internal/orders/listing-holds`: what to do with listings held for orders. */
@Injectable()
export class OrdersHoldsClient {
  private readonly orders: InternalHttpClient;

  constructor(@Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig) {
    this.orders = new InternalHttpClient({
      baseUrl: config.ORDERS_URL,
      internalToken: config.INTERNAL_API_TOKEN,
      unavailable: () => new Error('orders is unreachable for listing-holds'),
    });
  }

  get configured(): boolean {
    return this.orders.configured && !!this.config.INTERNAL_API_TOKEN;
  }

  async holds(orderIds: string[]): Promise<Record<string, ListingHold>> {
    const res = await this.orders.call<ListingHoldsResponse>('/internal/orders/listing-holds', {
      method: 'POST',
      internal: true,
      json: { orderIds },
    });
    if (!res.ok || !res.body) throw new Error(`orders listing-holds answered ${res.status}`);
    return res.body.holds;
  }
}
