import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { NotificationsUserDataRepository } from '../recipients/persistence/user-data.repository';

/**
 * Identity's account deletions (ADR 0039), once per event id in the consumer's transaction:
 * the user's notifications, email preferences and address-book entry are deleted (so no email
 * can reach them again: every email looks the address up there), and the email log keeps its
 * rows (what was sent, when) without the address. A replay finds nothing left.
 */
@Controller()
export class EraseDeletedUserController {
  constructor(private readonly data: NotificationsUserDataRepository) {}

  @EventPattern('identity.user.deleted.v1')
  onDeleted(
    @Payload() event: EventOf<'identity.user.deleted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.data.erase(ctx.getTransaction(), event.payload.userId);
  }
}
