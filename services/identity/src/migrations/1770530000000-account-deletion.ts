import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 26 (ADR 0039): an account deleted by its owner keeps its row (the id other services
 * still name in orders and reports) with every personal field erased and `deleted_at` set.
 */
export class AccountDeletion1770530000000 implements MigrationInterface {
  name = 'AccountDeletion1770530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "identity"."users" ADD "deleted_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "identity"."users" DROP COLUMN "deleted_at"`);
  }
}
