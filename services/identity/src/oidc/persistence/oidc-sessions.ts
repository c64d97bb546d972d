import { type SqlExecutor } from '@loadout/db';
import { type AccountSessions } from '../../accounts/password-reset/account-sessions.port';

/**
 * `ACCOUNT_SESSIONS` over the provider's store: ends every provider session, grant and token
 * of one account (after a password change).
 */
export class OidcAccountSessions implements AccountSessions {
  async revokeAll(tx: SqlExecutor, accountId: string): Promise<void> {
    await tx.query(`DELETE FROM "identity"."oidc_payloads" WHERE "account_id" = $1`, [accountId]);
  }
}
