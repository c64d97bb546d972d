import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 25 item 6: a message's notice and email name its sender by their public display name.
 * `display_name` may hold the full name given at sign-up (it greets the user themselves), so
 * the public name has a column of its own, empty until an identity event carries it.
 */
export class RecipientPublicName1770300000001 implements MigrationInterface {
  name = 'RecipientPublicName1770300000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "notifications"."recipients" ADD "public_name" varchar(60)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "notifications"."recipients" DROP COLUMN "public_name"`);
  }
}
