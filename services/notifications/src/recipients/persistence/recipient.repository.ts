import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { NOTIFICATIONS_SCHEMA } from '../../notifications.config';
import { RecipientEntity } from './recipient.entity';

const TABLE = `"${NOTIFICATIONS_SCHEMA}"."recipients"`;

/**
 * Upserts compare the event's `occurredAt`: on Kafka an older event of another topic can
 * arrive after a newer one and must not overwrite it.
 */
@Injectable()
export class RecipientRepository {
  async remember(
    tx: EntityManager,
    input: {
      userId: string;
      email: string;
      displayName: string | null;
      /** The name other members see, when the event carries it. */
      publicName: string | null;
      occurredAt: string;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO ${TABLE} AS r ("user_id", "email", "display_name", "public_name", "updated_at")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("user_id") DO UPDATE
          SET "email" = EXCLUDED."email",
              "display_name" = coalesce(EXCLUDED."display_name", r."display_name"),
              "public_name" = coalesce(EXCLUDED."public_name", r."public_name"),
              "updated_at" = EXCLUDED."updated_at"
        WHERE r."updated_at" <= EXCLUDED."updated_at"`,
      [
        input.userId,
        input.email,
        input.displayName?.slice(0, 120) ?? null,
        input.publicName?.slice(0, 60) ?? null,
        input.occurredAt,
      ],
    );
  }

  /**
   * The address (and name, if any) an identity event carries, as of when it happened. Those
   * events carry identity's display name: the public one.
   */
  rememberFrom(
    tx: EntityManager,
    event: {
      payload: { userId: string; email: string; displayName?: string | null };
      occurredAt: string;
    },
  ): Promise<void> {
    const { userId, email, displayName } = event.payload;
    return this.remember(tx, {
      userId,
      email,
      displayName: displayName ?? null,
      publicName: displayName ?? null,
      occurredAt: event.occurredAt,
    });
  }

  async rename(
    tx: EntityManager,
    input: { userId: string; displayName: string; occurredAt: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE ${TABLE} SET "display_name" = $2, "public_name" = $3, "updated_at" = $4
        WHERE "user_id" = $1 AND "updated_at" <= $4`,
      [
        input.userId,
        input.displayName.slice(0, 120),
        input.displayName.slice(0, 60),
        input.occurredAt,
      ],
    );
  }

  find(tx: EntityManager, userId: string): Promise<RecipientEntity | null> {
    return tx.findOneBy(RecipientEntity, { userId });
  }
}
