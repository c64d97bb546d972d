import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { OfferWorkflow } from '../offer-workflow';

/** Buyer: withdraw a running offer: the negotiation ends (`orders.offer.withdrawn.v1`). */
@Injectable()
export class WithdrawOfferHandler {
  constructor(private readonly workflow: OfferWorkflow) {}

  withdraw(id: string, user: AuthUser, requestId?: string): Promise<OfferView> {
    return this.workflow.step(id, user, { kind: 'withdraw' }, requestId);
  }
}
