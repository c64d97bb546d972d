import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Photos in conversations: uploaded first (message_id null), attached when the message is sent. */
export class MessageImages1766200000000 implements MigrationInterface {
  name = 'MessageImages1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "messaging"."message_images" (
        "id" varchar(21) PRIMARY KEY,
        "conversation_id" varchar(21) NOT NULL,
        "uploader_id" varchar(64) NOT NULL,
        "message_id" varchar(21),
        "position" smallint,
        "large_key" varchar(200) NOT NULL,
        "thumb_key" varchar(200) NOT NULL,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "created_at" timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "message_images_message_idx" ON "messaging"."message_images" ("message_id", "position")`,
    );
    await q.query(
      `CREATE INDEX "message_images_pending_idx" ON "messaging"."message_images" ("uploader_id", "created_at") WHERE "message_id" IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "messaging"."message_images"`);
  }
}
