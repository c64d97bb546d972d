import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { type PaymentEvent, type PaymentEventSink } from '../payments/payment-provider.port';
import { PaymentEventRepository } from './domain/payment-event-repository.port';

/** Records a processor event in the inbox on its own (a verified webhook). */
@Injectable()
export class PaymentInbox implements PaymentEventSink {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly events: PaymentEventRepository,
  ) {}

  record(event: PaymentEvent, options: { availableAt?: Date } = {}): Promise<boolean> {
    return this.uow.transaction((tx) => this.events.record(tx, event, options));
  }
}
