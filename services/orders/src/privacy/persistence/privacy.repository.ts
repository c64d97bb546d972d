import { Injectable } from '@nestjs/common';
import { type OfferStatus, type OrderStatus } from '@loadout/contracts';
import { sqlOf, type RunSql, type Tx } from '@loadout/service-kit';
import { DELETED_USER_NAME } from '../domain/deleted-user';
import {
  erasedAddressArea,
  type UserOfferFacts,
  type UserOrderFacts,
} from '../domain/privacy-rules';

const FINAL = `('completed', 'cancelled', 'refunded', 'expired')`;

/**
 * Orders' personal data of one user, for "Download my data", the deletion check, and the
 * erasures (ADR 0039). Plain SQL on the orders schema; amounts in cents, dates as timestamps.
 */
@Injectable()
export class OrdersPrivacyRepository {
  async blockerFacts(
    tx: Tx,
    userId: string,
  ): Promise<{ orders: UserOrderFacts[]; offers: UserOfferFacts[] }> {
    const em = sqlOf(tx);
    const orders = (await em(
      `SELECT o."id", o."status",
              (o."seller_id" = $1 AND EXISTS (
                 SELECT 1 FROM "orders"."jobs" j
                  WHERE j."order_id" = o."id" AND j."kind" = 'transfer_to_seller'
                    AND j."done_at" IS NULL)) AS "payoutPending"
         FROM "orders"."orders" o
        WHERE o."buyer_id" = $1 OR o."seller_id" = $1`,
      [userId],
    )) as { id: string; status: OrderStatus; payoutPending: boolean }[];
    const offers = (await em(
      `SELECT "id", "status" FROM "orders"."offers"
        WHERE ("buyer_id" = $1 OR "seller_id" = $1) AND "status" IN ('open', 'countered')`,
      [userId],
    )) as { id: string; status: OfferStatus }[];
    return { orders, offers };
  }

  async exportOf(tx: Tx, userId: string): Promise<Record<string, unknown>> {
    const em = sqlOf(tx);
    const orders = await em(
      `SELECT o."id", CASE WHEN o."buyer_id" = $1 THEN 'buyer' ELSE 'seller' END AS "role",
              o."listing_id" AS "listingId", o."listing_title" AS "listingTitle",
              o."status", o."delivery", o."item_cents" AS "itemCents",
              o."postage_cents" AS "postageCents", o."fee_cents" AS "feeCents",
              o."total_cents" AS "totalCents", o."seller_receives_cents" AS "sellerReceivesCents",
              o."refunded_cents" AS "refundedCents", o."carrier",
              o."tracking_number" AS "trackingNumber",
              o."handed_over_in_person" AS "handedOverInPerson",
              o."cancel_reason" AS "cancelReason",
              CASE WHEN o."buyer_id" = $1 THEN o."delivery_address" END AS "deliveryAddress",
              o."delivery_address_erased_at" AS "deliveryAddressErasedAt",
              o."created_at" AS "createdAt", o."paid_at" AS "paidAt",
              o."shipped_at" AS "shippedAt", o."completed_at" AS "completedAt",
              o."closed_at" AS "closedAt",
              COALESCE((SELECT json_agg(json_build_object('status', t."status", 'actor', t."actor",
                                                          'note', t."note", 'at', t."at")
                                        ORDER BY t."id")
                          FROM "orders"."order_timeline" t WHERE t."order_id" = o."id"), '[]')
                AS "timeline"
         FROM "orders"."orders" o
        WHERE o."buyer_id" = $1 OR o."seller_id" = $1
        ORDER BY o."created_at", o."id"`,
      [userId],
    );
    const offers = await em(
      `SELECT "id", CASE WHEN "buyer_id" = $1 THEN 'buyer' ELSE 'seller' END AS "role",
              "listing_id" AS "listingId", "listing_title" AS "listingTitle",
              "asking_cents" AS "askingCents", "amount_cents" AS "amountCents", "status",
              "delivery", CASE WHEN "buyer_id" = $1 THEN "delivery_address" END AS "deliveryAddress",
              "steps", "order_id" AS "orderId", "created_at" AS "createdAt",
              "updated_at" AS "updatedAt", "expires_at" AS "expiresAt"
         FROM "orders"."offers" WHERE "buyer_id" = $1 OR "seller_id" = $1
        ORDER BY "created_at", "id"`,
      [userId],
    );
    const disputes = await em(
      `SELECT d."id", d."order_id" AS "orderId",
              CASE WHEN d."buyer_id" = $1 THEN 'buyer' ELSE 'seller' END AS "role",
              d."origin", d."status", d."reason", d."description", d."wanted_kind" AS "wantedKind",
              d."wanted_amount_cents" AS "wantedAmountCents", d."response", d."outcome",
              d."opened_at" AS "openedAt", d."resolved_at" AS "resolvedAt",
              COALESCE((SELECT json_agg(json_build_object('authorRole', m."author_role",
                                                          'mine', m."author_id" = $1,
                                                          'body', m."body", 'at', m."at")
                                        ORDER BY m."id")
                          FROM "orders"."dispute_messages" m WHERE m."dispute_id" = d."id"), '[]')
                AS "messages"
         FROM "orders"."disputes" d WHERE d."buyer_id" = $1 OR d."seller_id" = $1
        ORDER BY d."opened_at", d."id"`,
      [userId],
    );
    const reviews = await em(
      `SELECT "id", "order_id" AS "orderId", "listing_title" AS "listingTitle",
              CASE WHEN "author_id" = $1 THEN 'written' ELSE 'received' END AS "direction",
              "author_role" AS "authorRole", "rating", "comment", "reply_text" AS "reply",
              "created_at" AS "createdAt", "published_at" AS "publishedAt",
              "replied_at" AS "repliedAt"
         FROM "orders"."reviews"
        WHERE "author_id" = $1 OR ("subject_id" = $1 AND "published_at" IS NOT NULL)
        ORDER BY "created_at", "id"`,
      [userId],
    );
    const payoutAccount = (await em(
      `SELECT "provider", "status", "created_at" AS "createdAt", "updated_at" AS "updatedAt"
         FROM "orders"."payout_accounts" WHERE "seller_id" = $1`,
      [userId],
    )) as unknown[];
    return { orders, offers, disputes, reviews, payoutAccount: payoutAccount[0] ?? null };
  }

  /**
   * A deleted user (ADR 0039): the delivery addresses they gave (orders and offers) are erased
   * now, keeping the county; their name on their sales becomes "Deleted user"; their
   * idempotency keys go. Orders, amounts, dates, ledger, disputes and reviews stay (the law
   * keeps completed orders; the other party keeps their own record). Idempotent.
   */
  async eraseUser(tx: Tx, userId: string, now: Date): Promise<number> {
    const em = sqlOf(tx);
    const rows = (await em(
      `SELECT "id", "delivery_address" AS "address" FROM "orders"."orders"
        WHERE "buyer_id" = $1 AND "delivery_address" IS NOT NULL FOR UPDATE`,
      [userId],
    )) as { id: string; address: unknown }[];
    for (const r of rows) await this.eraseAddress(em, r.id, r.address, now);
    await em(
      `UPDATE "orders"."offers" SET "delivery_address" = NULL
        WHERE "buyer_id" = $1 AND "delivery_address" IS NOT NULL`,
      [userId],
    );
    await em(
      `UPDATE "orders"."orders" SET "seller_display_name" = $2
        WHERE "seller_id" = $1 AND "seller_display_name" <> $2`,
      [userId, DELETED_USER_NAME],
    );
    await em(`DELETE FROM "orders"."idempotency_keys" WHERE "user_id" = $1`, [userId]);
    return rows.length;
  }

  /**
   * Claims one final order whose address is older than the retention (SKIP LOCKED, so replicas
   * share the sweep) and erases it; false when none is left.
   */
  async eraseOneExpiredAddress(tx: Tx, before: Date, now: Date): Promise<boolean> {
    const em = sqlOf(tx);
    const rows = (await em(
      `SELECT "id", "delivery_address" AS "address" FROM "orders"."orders"
        WHERE "delivery_address" IS NOT NULL AND "status" IN ${FINAL}
          AND COALESCE("closed_at", "completed_at") < $1
        ORDER BY COALESCE("closed_at", "completed_at")
        LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [before],
    )) as { id: string; address: unknown }[];
    if (rows.length === 0) return false;
    await this.eraseAddress(em, rows[0].id, rows[0].address, now);
    return true;
  }

  private async eraseAddress(em: RunSql, orderId: string, address: unknown, now: Date) {
    await em(
      `UPDATE "orders"."orders"
          SET "delivery_address" = NULL, "delivery_area" = $2, "delivery_address_erased_at" = $3
        WHERE "id" = $1`,
      [orderId, erasedAddressArea(address), now],
    );
  }
}
