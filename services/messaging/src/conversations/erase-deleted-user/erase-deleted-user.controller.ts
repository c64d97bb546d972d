import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';

/**
 * Identity's account deletions (group `messaging`, once per event id; ADR 0039). Messages stay
 * for the other party: they are part of that person's conversation too, and messaging stores no
 * name — the thread and the list show the name identity gives, which for a deleted account is
 * "Deleted user", and a deleted account can no longer be written to (identity answers 404 for
 * it). What goes: the blocks the user made and their photo uploads never sent in a message.
 */
@Controller()
export class EraseDeletedUserController {
  @EventPattern('identity.user.deleted.v1')
  async onDeleted(
    @Payload() event: EventOf<'identity.user.deleted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    const tx = ctx.getTransaction();
    const userId = event.payload.userId;
    await tx.query(`DELETE FROM "messaging"."blocks" WHERE "blocker_id" = $1`, [userId]);
    await tx.query(
      `DELETE FROM "messaging"."message_images" WHERE "uploader_id" = $1 AND "message_id" IS NULL`,
      [userId],
    );
  }
}
