import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { MessagingUserDataRepository } from '../persistence/user-data.repository';

/**
 * Identity's account deletions (group `messaging`, once per event id; ADR 0039). Messages stay
 * for the other party: they are part of that person's conversation too, and messaging stores no
 * name — the thread and the list show the name identity gives, which for a deleted account is
 * "Deleted user", and a deleted account can no longer be written to (identity answers 404 for
 * it). What goes: the blocks the user made and their photo uploads never sent in a message.
 */
@Controller()
export class EraseDeletedUserController {
  constructor(private readonly data: MessagingUserDataRepository) {}

  @EventPattern('identity.user.deleted.v1')
  onDeleted(
    @Payload() event: EventOf<'identity.user.deleted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.data.erase(ctx.getTransaction(), event.payload.userId);
  }
}
