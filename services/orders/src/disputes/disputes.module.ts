import { Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DISPUTE_PHOTO_LIMITS } from '@loadout/contracts';
import { acceptRawBodies } from '@loadout/http';
import { ImageQueue, imageQueueOf } from '@loadout/images';
import { EscrowModule } from '../escrow/escrow.module';
import { DISPUTE_RULES, ORDERS_CONFIG, disputeRules } from '../orders.config';
import { AcceptProposalController } from './accept-proposal/accept-proposal.controller';
import { AcceptProposalHandler } from './accept-proposal/accept-proposal.handler';
import { ApplyChargebackHandler } from './apply-chargeback/apply-chargeback.handler';
import { ConfirmReturnController } from './confirm-return/confirm-return.controller';
import { ConfirmReturnHandler } from './confirm-return/confirm-return.handler';
import { MarkReturnShippedController } from './mark-return-shipped/mark-return-shipped.controller';
import { MarkReturnShippedHandler } from './mark-return-shipped/mark-return-shipped.handler';
import { DecideDisputeController } from './decide-dispute/decide-dispute.controller';
import { DecideDisputeHandler } from './decide-dispute/decide-dispute.handler';
import { DisputeRepository } from './domain/dispute-repository.port';
import { DisputeWorkflow } from './dispute-workflow';
import { EscalateOverdueDisputeHandler } from './escalate-overdue-dispute/escalate-overdue-dispute.handler';
import { ListDisputesController } from './list-disputes/list-disputes.controller';
import { ListDisputesQuery } from './list-disputes/list-disputes.query';
import { OpenDisputeController } from './open-dispute/open-dispute.controller';
import { OpenDisputeHandler } from './open-dispute/open-dispute.handler';
import { DisputeEvents } from './persistence/dispute-events';
import { SqlDisputeRepository } from './persistence/dispute.repository';
import { PostDisputeMessageController } from './post-dispute-message/post-dispute-message.controller';
import { PostDisputeMessageHandler } from './post-dispute-message/post-dispute-message.handler';
import { RespondToDisputeController } from './respond-to-dispute/respond-to-dispute.controller';
import { RespondToDisputeHandler } from './respond-to-dispute/respond-to-dispute.handler';
import { DiscardUnattachedPhotosHandler } from './discard-unattached-photos/discard-unattached-photos.handler';
import { DisputePhotoStore } from './persistence/dispute-photo-store';
import { DisputePhotoRepository } from './persistence/dispute-photo.repository';
import { ServeDisputePhotoController } from './serve-dispute-photo/serve-dispute-photo.controller';
import { ServeDisputePhotoHandler } from './serve-dispute-photo/serve-dispute-photo.handler';
import { UploadDisputePhotoController } from './upload-dispute-photo/upload-dispute-photo.controller';
import { UploadDisputePhotoHandler } from './upload-dispute-photo/upload-dispute-photo.handler';
import { ViewDisputeController } from './view-dispute/view-dispute.controller';
import { ViewDisputeQuery } from './view-dispute/view-dispute.query';
import { WithdrawDisputeController } from './withdraw-dispute/withdraw-dispute.controller';
import { WithdrawDisputeHandler } from './withdraw-dispute/withdraw-dispute.handler';

/**
 * Disputes (issue 24, ADR 0027): their own area of use cases on the escrow's order, ledger,
 * jobs and outbox. The escrow knows nothing of disputes: this module registers its deadline
 * job and its chargeback handling with the escrow's worker at boot.
 */
@Module({
  imports: [EscrowModule],
  controllers: [
    OpenDisputeController,
    ListDisputesController,
    ViewDisputeController,
    RespondToDisputeController,
    AcceptProposalController,
    WithdrawDisputeController,
    PostDisputeMessageController,
    MarkReturnShippedController,
    ConfirmReturnController,
    DecideDisputeController,
    UploadDisputePhotoController,
    ServeDisputePhotoController,
  ],
  providers: [
    { provide: DISPUTE_RULES, inject: [ORDERS_CONFIG], useFactory: disputeRules },
    { provide: DisputeRepository, useClass: SqlDisputeRepository },
    DisputeEvents,
    DisputeWorkflow,
    OpenDisputeHandler,
    ListDisputesQuery,
    ViewDisputeQuery,
    RespondToDisputeHandler,
    AcceptProposalHandler,
    WithdrawDisputeHandler,
    PostDisputeMessageHandler,
    DecideDisputeHandler,
    MarkReturnShippedHandler,
    ConfirmReturnHandler,
    EscalateOverdueDisputeHandler,
    ApplyChargebackHandler,
    DisputePhotoRepository,
    DisputePhotoStore,
    { provide: ImageQueue, inject: [ORDERS_CONFIG], useFactory: imageQueueOf },
    UploadDisputePhotoHandler,
    ServeDisputePhotoHandler,
    DiscardUnattachedPhotosHandler,
  ],
})
export class DisputesModule implements OnModuleInit, OnModuleDestroy {
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly discardUnattached: DiscardUnattachedPhotosHandler,
  ) {}

  onModuleDestroy(): void {
    if (this.sweep) clearInterval(this.sweep);
  }

  onModuleInit(): void {
    // Hourly; a failed round (database or storage away) is retried by the next one.
    this.sweep = setInterval(
      () => void this.discardUnattached.execute().catch(() => undefined),
      60 * 60 * 1000,
    ).unref();
    // An evidence photo is the raw body of POST orders/{id}/dispute-photos: larger ones are
    // refused (413) before any byte reaches the pipeline (ADR 0037).
    acceptRawBodies(
      this.adapterHost,
      DISPUTE_PHOTO_LIMITS.photoTypes,
      DISPUTE_PHOTO_LIMITS.photoMaxBytes,
    );
  }
}
