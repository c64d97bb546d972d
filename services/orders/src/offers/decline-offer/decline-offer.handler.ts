import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { OfferWorkflow } from '../offer-workflow';

/** The party whose turn it is (seller: an offer; buyer: a counter) declines: the negotiation ends (`orders.offer.declined.v1`). */
@Injectable()
export class DeclineOfferHandler {
  constructor(private readonly workflow: OfferWorkflow) {}

  decline(id: string, user: AuthUser, requestId?: string): Promise<OfferView> {
    return this.workflow.step(id, user, { kind: 'decline' }, requestId);
  }
}
