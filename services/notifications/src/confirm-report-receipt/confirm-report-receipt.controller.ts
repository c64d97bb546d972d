import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { ConfirmReportReceiptHandler } from './confirm-report-receipt.handler';

/** Consumer of the admin service's `report.received` (group `notifications`). */
@Controller()
export class ConfirmReportReceiptController {
  constructor(private readonly handler: ConfirmReportReceiptHandler) {}

  @EventPattern('admin.report.received.v1')
  async onReceived(
    @Payload() event: EventOf<'admin.report.received.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.handle(ctx.getTransaction(), event);
  }
}
