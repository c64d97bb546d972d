import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createEventTables, dropEventTables } from '@loadout/events';

export class CreateMessaging1766000000000 implements MigrationInterface {
  name = 'CreateMessaging1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "messaging"."conversations" (
        "id" varchar(21) PRIMARY KEY,
        "participants" text[] NOT NULL,
        "pair_key" varchar(100) NOT NULL,
        "listing_key" varchar(21) NOT NULL DEFAULT '',
        "started_by" varchar(64) NOT NULL,
        "listing_id" varchar(21),
        "listing_title" varchar(120),
        "listing_price_cents" integer,
        "listing_thumb_url" varchar(500),
        "last_message" varchar(200),
        "last_message_at" timestamptz(3),
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        "updated_at" timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "conversations_pair_listing_uq" ON "messaging"."conversations" ("pair_key", "listing_key")`,
    );
    await q.query(`
      CREATE TABLE "messaging"."conversation_participants" (
        "conversation_id" varchar(21) NOT NULL,
        "user_id" varchar(64) NOT NULL,
        "unread_count" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("conversation_id", "user_id")
      )`);
    await q.query(
      `CREATE INDEX "conversation_participants_user_idx" ON "messaging"."conversation_participants" ("user_id")`,
    );
    await q.query(`
      CREATE TABLE "messaging"."messages" (
        "id" varchar(21) PRIMARY KEY,
        "conversation_id" varchar(21) NOT NULL,
        "sender_id" varchar(64) NOT NULL,
        "receiver_id" varchar(64) NOT NULL,
        "content" text NOT NULL,
        "is_read" boolean NOT NULL DEFAULT false,
        "off_platform_warning" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "messages_conversation_created_idx" ON "messaging"."messages" ("conversation_id", "created_at", "id")`,
    );
    await q.query(`
      CREATE TABLE "messaging"."blocks" (
        "blocker_id" varchar(64) NOT NULL,
        "blocked_id" varchar(64) NOT NULL,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY ("blocker_id", "blocked_id")
      )`);
    // Millisecond timestamps round-trip exactly through JavaScript dates, so keyset cursors built
    // from them never skip or repeat a row.
    await createEventTables(q, 'messaging');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q, 'messaging');
    await q.query(`DROP TABLE "messaging"."blocks"`);
    await q.query(`DROP TABLE "messaging"."messages"`);
    await q.query(`DROP TABLE "messaging"."conversation_participants"`);
    await q.query(`DROP TABLE "messaging"."conversations"`);
  }
}
