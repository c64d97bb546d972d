import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 25: a new-message notification remembers that one of its messages asks for payment
 * outside Loadout, so the bell and its toast can warn as the thread does.
 */
export class NotificationOffPlatformWarning1770400000000 implements MigrationInterface {
  name = 'NotificationOffPlatformWarning1770400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD COLUMN "off_platform_warning" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "notifications"."notifications" DROP COLUMN "off_platform_warning"`);
  }
}
