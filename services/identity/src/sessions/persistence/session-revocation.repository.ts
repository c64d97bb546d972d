import { type SessionState } from '@loadout/auth';
import { type SqlExecutor } from '@loadout/db';
import { ENDED_SESSION_RETENTION_SECONDS } from '../domain/session-id';

/**
 * Ended sessions (`ended_sessions`) and each account's "not before" (`users.sessions_not_before`):
 * what identity's session state endpoint answers and every token check reads (ADR 0019). Built on
 * any SQL executor, so the provider's storage adapter and transactions of use cases share it.
 */
export class SessionRevocationRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** Records `sids` of the account as ended, inside the caller's transaction when one is given. */
  async endSessions(accountId: string, sids: string[], tx: SqlExecutor = this.db): Promise<void> {
    if (sids.length === 0) return;
    await tx.query(
      `INSERT INTO "identity"."ended_sessions" ("account_id", "sid", "expires_at")
       SELECT $1, sid, now() + make_interval(secs => $3) FROM unnest($2::varchar[]) AS sid
       ON CONFLICT ("account_id", "sid") DO UPDATE SET "expires_at" = EXCLUDED."expires_at"`,
      [accountId, sids, ENDED_SESSION_RETENTION_SECONDS],
    );
  }

  /** Voids every access token of the account issued until now ("sign out everywhere"). */
  async endAllSessions(accountId: string, tx: SqlExecutor = this.db): Promise<void> {
    await tx.query(`UPDATE "identity"."users" SET "sessions_not_before" = now() WHERE "id" = $1`, [
      accountId,
    ]);
  }

  async stateOf(accountId: string): Promise<SessionState> {
    const [users, ended] = (await Promise.all([
      this.db.query(
        `SELECT floor(extract(epoch FROM "sessions_not_before"))::bigint AS "not_before"
           FROM "identity"."users" WHERE "id" = $1`,
        [accountId],
      ),
      this.db.query(
        `SELECT "sid" FROM "identity"."ended_sessions"
          WHERE "account_id" = $1 AND "expires_at" > now() ORDER BY "ended_at" DESC LIMIT 500`,
        [accountId],
      ),
    ])) as [Array<{ not_before: string | null }>, Array<{ sid: string }>];
    const notBefore = users[0]?.not_before;
    return {
      notBefore: notBefore === null || notBefore === undefined ? null : Number(notBefore),
      endedSessions: ended.map((r) => r.sid),
    };
  }

  async deleteExpired(): Promise<void> {
    await this.db.query(`DELETE FROM "identity"."ended_sessions" WHERE "expires_at" < now()`);
  }
}
