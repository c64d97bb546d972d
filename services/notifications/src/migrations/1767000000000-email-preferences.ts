import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Email preferences per user, the service's own signing keys, and headers in the dev mailbox. */
export class EmailPreferences1767000000000 implements MigrationInterface {
  name = 'EmailPreferences1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "notifications"."email_preferences" (
        "user_id" varchar(64) PRIMARY KEY,
        "messages" boolean NOT NULL DEFAULT true,
        "favourites" boolean NOT NULL DEFAULT true,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "notifications"."signing_keys" (
        "name" varchar(40) PRIMARY KEY,
        "secret" varchar(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `ALTER TABLE "notifications"."dev_mailbox" ADD COLUMN "headers" jsonb NOT NULL DEFAULT '{}'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "notifications"."dev_mailbox" DROP COLUMN "headers"`);
    await q.query(`DROP TABLE "notifications"."signing_keys"`);
    await q.query(`DROP TABLE "notifications"."email_preferences"`);
  }
}
