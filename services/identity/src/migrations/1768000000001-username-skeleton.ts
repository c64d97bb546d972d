import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `usernameSkeleton` of accounts/domain/username-skeleton.ts in SQL, for the backfill: lower
 * case, `.` and `_` dropped (translate drops characters that have no counterpart), `0 → o`,
 * `1 → l`, `m → rn`. A test compares both on the same names (username.int-spec).
 */
export const USERNAME_SKELETON_SQL = `replace(translate(lower("username"), '01._', 'ol'), 'm', 'rn')`;

/**
 * Issue 22, item 9 (ADR 0020): usernames unique by skeleton. Accounts whose skeleton collides
 * with an older account's keep their username (nothing visible changes, links keep working);
 * their skeleton gets `~<id>` so the index holds, and they are listed for review.
 */
export class UsernameSkeleton1768000000001 implements MigrationInterface {
  name = 'UsernameSkeleton1768000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "identity"."users" ADD "username_skeleton" varchar(100)`);
    await q.query(`
      UPDATE "identity"."users" u SET "username_skeleton" = CASE
          WHEN ranked.n = 1 THEN ranked.skeleton ELSE ranked.skeleton || '~' || u."id" END
        FROM (SELECT "id", ${USERNAME_SKELETON_SQL} AS skeleton,
                     row_number() OVER (PARTITION BY ${USERNAME_SKELETON_SQL}
                                        ORDER BY "created_at", "id") AS n
                FROM "identity"."users") ranked
       WHERE ranked."id" = u."id"`);
    await q.query(`ALTER TABLE "identity"."users" ALTER COLUMN "username_skeleton" SET NOT NULL`);
    await q.query(
      `CREATE UNIQUE INDEX "users_username_skeleton_key" ON "identity"."users" ("username_skeleton")`,
    );
    const grandfathered = (await q.query(
      `SELECT "id", "username" FROM "identity"."users" WHERE "username_skeleton" LIKE '%~%'`,
    )) as Array<{ id: string; username: string }>;
    if (grandfathered.length > 0) {
      console.warn(
        `identity: ${grandfathered.length} username(s) look like an older account's and were kept (ADR 0020), review them: ${grandfathered
          .map((u) => `${u.username} (${u.id})`)
          .join(', ')}`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "identity"."users_username_skeleton_key"`);
    await q.query(`ALTER TABLE "identity"."users" DROP COLUMN "username_skeleton"`);
  }
}
