import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';

const TABLE = `"listings"."sellers"`;

/**
 * Keeps the sellers read model from identity's events, inside the consumer's transaction.
 * `updated_at` is the newest applied event's `occurredAt`, so an older event (Kafka does not
 * order across topics) never overwrites newer profile data; `member_since` keeps the earliest
 * event's time (a row made from token claims, `updated_at` = epoch, is replaced entirely).
 */
@Injectable()
export class SellerEventsHandler {
  async registered(tx: EntityManager, event: EventOf<'identity.user.registered.v1'>) {
    const p = event.payload;
    await this.upsert(tx, {
      id: p.userId,
      username: p.username,
      displayName: p.fullName,
      county: null,
      countyKnown: false,
      sellerType: p.sellerType,
      occurredAt: event.occurredAt,
    });
  }

  async profileUpdated(tx: EntityManager, event: EventOf<'identity.user.profile_updated.v1'>) {
    const p = event.payload;
    await this.upsert(tx, {
      id: p.userId,
      username: p.username,
      displayName: p.displayName,
      county: p.county,
      countyKnown: true,
      sellerType: p.sellerType,
      occurredAt: event.occurredAt,
    });
  }

  private async upsert(
    tx: EntityManager,
    s: {
      id: string;
      username: string;
      displayName: string;
      county: string | null;
      countyKnown: boolean;
      sellerType: string;
      occurredAt: string;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO ${TABLE} AS s
         ("id", "username", "display_name", "county", "seller_type", "member_since", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $6)
       ON CONFLICT ("id") DO UPDATE SET
         "member_since" = CASE WHEN s."updated_at" = 'epoch' THEN EXCLUDED."member_since"
                           ELSE least(s."member_since", EXCLUDED."member_since") END,
         "username" = CASE WHEN s."updated_at" <= EXCLUDED."updated_at"
                           THEN EXCLUDED."username" ELSE s."username" END,
         "display_name" = CASE WHEN s."updated_at" <= EXCLUDED."updated_at"
                           THEN EXCLUDED."display_name" ELSE s."display_name" END,
         "county" = CASE WHEN s."updated_at" <= EXCLUDED."updated_at" AND $7
                           THEN EXCLUDED."county" ELSE s."county" END,
         "seller_type" = CASE WHEN s."updated_at" <= EXCLUDED."updated_at"
                           THEN EXCLUDED."seller_type" ELSE s."seller_type" END,
         "updated_at" = greatest(s."updated_at", EXCLUDED."updated_at")`,
      [
        s.id,
        s.username.slice(0, 60),
        s.displayName.slice(0, 120),
        s.county,
        s.sellerType,
        s.occurredAt,
        s.countyKnown,
      ],
    );
  }
}
