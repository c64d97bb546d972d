import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { NotifyNewAdminHandler } from './notify-new-admin.handler';

/** Mails a user who has just been made an admin. The event server runs it once per event id (inbox). */
@Controller()
export class NotifyNewAdminController {
  constructor(private readonly handler: NotifyNewAdminHandler) {}

  @EventPattern('identity.user.role_changed.v1')
  onRoleChanged(
    @Payload() event: EventOf<'identity.user.role_changed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.roleChanged(ctx.getTransaction(), event);
  }
}
