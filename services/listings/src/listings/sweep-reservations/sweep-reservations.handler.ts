import { Inject, Injectable, Logger } from '@nestjs/common';
import { LISTINGS_CONFIG, type ListingsConfig } from '../../listings.config';
import { ReservationQueries } from '../persistence/reservation-queries';
import { ListingReservations } from '../reservations/listing-reservations';
import { OrdersHoldsClient } from './orders-holds.client';

const PAGE = 200;

/**
 * Issue 23 scenario 1: a reservation can outlive its checkout (listings committed it, orders
 * never heard the answer or died before writing the order). Reservations older than the grace
 * period are put to orders, the owner of the truth: release the ones no order holds, mark sold
 * the ones that changed hands, keep the rest. Commands are idempotent by order id, so replicas
 * sweeping at once do no harm.
 */
@Injectable()
export class SweepReservationsHandler {
  private readonly log = new Logger(SweepReservationsHandler.name);

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    private readonly queries: ReservationQueries,
    private readonly orders: OrdersHoldsClient,
    private readonly reservations: ListingReservations,
  ) {}

  /** One sweep over every reservation older than the grace period; how many changed. */
  async sweep(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.RESERVATION_GRACE_SECONDS * 1_000);
    let changed = 0;
    let after: { updatedAt: Date; listingId: string } | null = null;
    for (;;) {
      const held = await this.queries.reservedBefore(cutoff, after, PAGE);
      if (held.length === 0) return changed;
      const holds = await this.orders.holds(held.map((h) => h.orderId));
      for (const h of held) {
        const answer = holds[h.orderId];
        if (answer !== 'release' && answer !== 'sell') continue;
        try {
          const r =
            answer === 'release'
              ? await this.reservations.release(h.listingId, h.orderId, 'reservation-sweep')
              : await this.reservations.markSold(h.listingId, h.orderId, 'reservation-sweep');
          if (r.changed) changed++;
        } catch (err) {
          // Changed meanwhile (sold, or held for another order): nothing of this order's to undo.
          this.log.log(`sweep: ${answer} ${h.listingId} for ${h.orderId}: ${String(err)}`);
        }
      }
      if (held.length < PAGE) return changed;
      const last = held[held.length - 1]!;
      after = { updatedAt: last.updatedAt, listingId: last.listingId };
    }
  }
}
