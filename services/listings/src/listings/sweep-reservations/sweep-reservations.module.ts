import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings.module';
import { ReservationQueries } from '../persistence/reservation-queries';
import { OrdersHoldsClient } from './orders-holds.client';
import { SweepReservationsHandler } from './sweep-reservations.handler';
import { SweepReservationsWorker } from './sweep-reservations.worker';

/** The reservation sweep (issue 23 scenario 1), on top of the listings module's reservations. */
@Module({
  imports: [ListingsModule],
  providers: [
    ReservationQueries,
    OrdersHoldsClient,
    SweepReservationsHandler,
    SweepReservationsWorker,
  ],
  exports: [SweepReservationsHandler],
})
export class SweepReservationsModule {}
