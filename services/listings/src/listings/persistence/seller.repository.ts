import { Injectable } from '@nestjs/common';
import { type SellerType } from '@loadout/contracts';
import { entityManagerOf, sqlOf, type Tx } from '@loadout/service-kit';
import { NEUTRAL_SELLER } from './listing.mapper';

const TABLE = `"listings"."sellers"`;

export interface SellerClaims {
  id: string;
  username: string | null;
  name: string | null;
}

export interface SellerCard {
  id: string;
  username: string;
  displayName: string;
  county: string | null;
  /** False when the event carries no county (registration): the stored one is kept. */
  countyKnown: boolean;
  sellerType: string;
  occurredAt: string;
}

/** The sellers read model (`listings.sellers`). Every write of that table goes through here. */
@Injectable()
export class SellerRepository {
  /**
   * Makes sure a seller card exists for a new listing, from the token's claims. Identity's
   * events replace it (its `updated_at` is the epoch, older than any event).
   */
  async ensureFromClaims(tx: Tx, claims: SellerClaims): Promise<void> {
    await entityManagerOf(tx).query(
      `INSERT INTO ${TABLE}
         ("id", "username", "display_name", "county", "seller_type", "member_since", "updated_at")
       VALUES ($1, $2, $3, NULL, 'private', now(), 'epoch')
       ON CONFLICT ("id") DO NOTHING`,
      [
        claims.id,
        (claims.username ?? '').slice(0, 60),
        (claims.name ?? claims.username ?? NEUTRAL_SELLER.displayName).slice(0, 120),
      ],
    );
  }

  /**
   * The seller's name and kind as the listing page shows them (its defaults without a card),
   * for a checkout's reservation (ADR 0056). Any unit of work: `sqlOf`.
   */
  async checkoutCard(
    tx: Tx,
    sellerId: string,
  ): Promise<{ displayName: string; sellerType: SellerType }> {
    const rows = (await sqlOf(tx)(
      `SELECT "display_name" AS "displayName", "seller_type" AS "sellerType"
         FROM ${TABLE} WHERE "id" = $1`,
      [sellerId],
    )) as { displayName: string; sellerType: string | null }[];
    const card = rows[0];
    return {
      displayName: card?.displayName ?? NEUTRAL_SELLER.displayName,
      sellerType: (card?.sellerType ?? NEUTRAL_SELLER.sellerType) as SellerType,
    };
  }

  /**
   * Applies one identity event's view of a seller. `updated_at` is the newest applied event's
   * `occurredAt`, so an older event (Kafka does not order across topics) never overwrites newer
   * profile data; `member_since` keeps the earliest event's time (a row made from token claims,
   * `updated_at` = epoch, is replaced entirely).
   */
  async upsertFromEvent(tx: Tx, s: SellerCard): Promise<void> {
    await entityManagerOf(tx).query(
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
