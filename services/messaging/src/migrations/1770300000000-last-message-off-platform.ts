import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The conversation list's preview says when the last message asks for payment outside
 * checkout (issue 25 item 6): kept beside the preview, filled from each one's last message.
 */
export class LastMessageOffPlatform1770300000000 implements MigrationInterface {
  name = 'LastMessageOffPlatform1770300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "messaging"."conversations"
         ADD "last_message_off_platform" boolean NOT NULL DEFAULT false`,
    );
    await q.query(
      `UPDATE "messaging"."conversations" c SET "last_message_off_platform" = true
        WHERE (SELECT m."off_platform_warning" AND m."hidden_at" IS NULL
                 FROM "messaging"."messages" m WHERE m."conversation_id" = c."id"
                ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "messaging"."conversations" DROP COLUMN "last_message_off_platform"`,
    );
  }
}
