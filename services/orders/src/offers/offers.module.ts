import { Module } from '@nestjs/common';
import { EscrowModule } from '../escrow/escrow.module';
import { AcceptOfferController } from './accept-offer/accept-offer.controller';
import { AcceptOfferHandler } from './accept-offer/accept-offer.handler';
import { CloseListingOffersHandler } from './close-listing-offers/close-listing-offers.handler';
import { CloseRemovedListingOffersController } from './close-removed-listing-offers/close-removed-listing-offers.controller';
import { RemindOfferPaymentHandler } from './remind-offer-payment/remind-offer-payment.handler';
import { CounterOfferController } from './counter-offer/counter-offer.controller';
import { CounterOfferHandler } from './counter-offer/counter-offer.handler';
import { DeclineOfferController } from './decline-offer/decline-offer.controller';
import { DeclineOfferHandler } from './decline-offer/decline-offer.handler';
import { OfferRepository } from './domain/offer-repository.port';
import { OffersExpirer } from './expire-offers/offers-expirer';
import { ListOffersController } from './list-offers/list-offers.controller';
import { ListOffersQuery } from './list-offers/list-offers.query';
import { MakeOfferController } from './make-offer/make-offer.controller';
import { MakeOfferHandler } from './make-offer/make-offer.handler';
import { offerRulesProvider } from './offer-rules';
import { OfferWorkflow } from './offer-workflow';
import { OfferEvents } from './persistence/offer-events';
import { SqlOfferRepository } from './persistence/offer.repository';
import { ViewOfferController } from './view-offer/view-offer.controller';
import { ViewOfferQuery } from './view-offer/view-offer.query';
import { WithdrawOfferController } from './withdraw-offer/withdraw-offer.controller';
import { WithdrawOfferHandler } from './withdraw-offer/withdraw-offer.handler';

/**
 * Offers (issue 24, ADR 0031): their own area of use cases. An accepted offer becomes an order
 * through the escrow's checkout path (imported from the escrow module, which knows nothing of
 * offers).
 */
@Module({
  imports: [EscrowModule],
  controllers: [
    ListOffersController,
    ViewOfferController,
    MakeOfferController,
    AcceptOfferController,
    DeclineOfferController,
    CounterOfferController,
    WithdrawOfferController,
    CloseRemovedListingOffersController,
  ],
  providers: [
    offerRulesProvider,
    { provide: OfferRepository, useClass: SqlOfferRepository },
    OfferEvents,
    OfferWorkflow,
    MakeOfferHandler,
    AcceptOfferHandler,
    DeclineOfferHandler,
    CounterOfferHandler,
    WithdrawOfferHandler,
    ListOffersQuery,
    ViewOfferQuery,
    OffersExpirer,
    CloseListingOffersHandler,
    RemindOfferPaymentHandler,
  ],
  exports: [OffersExpirer],
})
export class OffersModule {}
