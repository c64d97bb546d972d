import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 24 round 2 (ADR 0037): evidence photos of disputes. A photo is uploaded for an order
 * by one of its parties (or an admin), then attached once: to the dispute's opening
 * (`message_id` null) or to one message of its thread. The re-encoded files are in object
 * storage under `disputes/{order}/{photo}`; the row says who may see them.
 */
export class DisputePhotos1770510000100 implements MigrationInterface {
  name = 'DisputePhotos1770510000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "orders"."dispute_photos" (
        "id" varchar(21) PRIMARY KEY,
        "order_id" varchar(21) NOT NULL REFERENCES "orders"."orders" ("id"),
        "uploader_id" varchar(64) NOT NULL,
        "dispute_id" varchar(21) REFERENCES "orders"."disputes" ("id"),
        "message_id" bigint REFERENCES "orders"."dispute_messages" ("id"),
        "position" smallint,
        "large_key" varchar(300) NOT NULL,
        "thumb_key" varchar(300) NOT NULL,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "dispute_photos_attached" CHECK (
          ("dispute_id" IS NULL) = ("position" IS NULL)
          AND ("message_id" IS NULL OR "dispute_id" IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX "dispute_photos_dispute_idx" ON "orders"."dispute_photos" ("dispute_id", "message_id", "position")
         WHERE "dispute_id" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "dispute_photos_uploader_idx" ON "orders"."dispute_photos" ("uploader_id", "created_at")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "orders"."dispute_photos"`);
  }
}
