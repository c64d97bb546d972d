import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A moderator hides a message (admin decision); the row stays for the record. */
export class HiddenMessages1767600000000 implements MigrationInterface {
  name = 'HiddenMessages1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "messaging"."messages" ADD "hidden_at" TIMESTAMP(3) WITH TIME ZONE`);
    await q.query(`ALTER TABLE "messaging"."messages" ADD "hidden_reason" varchar(500)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "messaging"."messages" DROP COLUMN "hidden_reason"`);
    await q.query(`ALTER TABLE "messaging"."messages" DROP COLUMN "hidden_at"`);
  }
}
