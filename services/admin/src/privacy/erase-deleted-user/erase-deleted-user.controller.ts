import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { AdminUserDataRepository } from '../persistence/user-data.repository';

/**
 * Identity's account deletions (group `admin`, once per event id; ADR 0039): reports, cases,
 * decisions and the audit log are kept with the user's id only (DSA records), the contact
 * details they gave are erased.
 */
@Controller()
export class EraseDeletedUserController {
  constructor(private readonly data: AdminUserDataRepository) {}

  @EventPattern('identity.user.deleted.v1')
  async onDeleted(
    @Payload() event: EventOf<'identity.user.deleted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.data.eraseContactDetails(ctx.getTransaction(), event.payload.userId);
  }
}
