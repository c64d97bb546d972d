import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';

/**
 * Identity's account deletions (ADR 0039), once per event id in the consumer's transaction:
 * the user's notifications, email preferences and address-book entry are deleted (so no email
 * can reach them again: every email looks the address up there), and the email log keeps its
 * rows (what was sent, when) without the address. A replay finds nothing left.
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
    await tx.query(
      `UPDATE "notifications"."email_log" SET "to" = NULL
        WHERE "to" IS NOT NULL
          AND lower("to") = (SELECT lower("email") FROM "notifications"."recipients" WHERE "user_id" = $1)`,
      [userId],
    );
    await tx.query(`DELETE FROM "notifications"."notifications" WHERE "user_id" = $1`, [userId]);
    await tx.query(`DELETE FROM "notifications"."email_preferences" WHERE "user_id" = $1`, [
      userId,
    ]);
    await tx.query(`DELETE FROM "notifications"."recipients" WHERE "user_id" = $1`, [userId]);
  }
}
