import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { OfferWorkflow } from '../offer-workflow';
import { type CounterOfferDto } from './counter-offer.dto';

/** Seller: propose another price; the buyer has a fresh 48 h (`orders.offer.countered.v1`). */
@Injectable()
export class CounterOfferHandler {
  constructor(private readonly workflow: OfferWorkflow) {}

  counter(
    id: string,
    input: CounterOfferDto,
    user: AuthUser,
    requestId?: string,
  ): Promise<OfferView> {
    return this.workflow.step(
      id,
      user,
      { kind: 'counter', amountCents: input.amountCents, message: input.message },
      requestId,
    );
  }
}
