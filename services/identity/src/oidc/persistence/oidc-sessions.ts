import { type SqlExecutor } from '@loadout/db';

/**
 * Ends every provider session, grant and token of one account (after a password change): the
 * next refresh fails and the browser must sign in again.
 */
export async function revokeAccountSessions(db: SqlExecutor, accountId: string): Promise<void> {
  await db.query(`DELETE FROM "identity"."oidc_payloads" WHERE "account_id" = $1`, [accountId]);
}
