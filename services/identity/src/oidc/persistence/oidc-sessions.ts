import { type SqlExecutor } from '@loadout/db';
import { type AccountSessions } from '../../sessions/account-sessions.port';
import { sessionIdOfGrant } from '../../sessions/domain/session-id';
import { SessionRevocationRepository } from '../../sessions/persistence/session-revocation.repository';

const PAYLOADS = '"identity"."oidc_payloads"';

/**
 * `ACCOUNT_SESSIONS` over the provider's store: ends provider sessions, grants and tokens, and
 * records the ended sessions so access tokens already issued are refused too (ADR 0019).
 */
export class OidcAccountSessions implements AccountSessions {
  async revokeAll(tx: SqlExecutor, accountId: string): Promise<void> {
    const revocations = new SessionRevocationRepository(tx);
    const grants = await this.grantIdsOf(tx, accountId);
    await revocations.endSessions(accountId, grants.map(sessionIdOfGrant));
    // Tokens without a sid (issued before it existed) are caught by the account's not-before.
    await revocations.endAllSessions(accountId);
    await tx.query(`DELETE FROM ${PAYLOADS} WHERE "account_id" = $1`, [accountId]);
  }

  async end(tx: SqlExecutor, accountId: string, sid: string): Promise<void> {
    await new SessionRevocationRepository(tx).endSessions(accountId, [sid]);
    const grantId = (await this.grantIdsOf(tx, accountId)).find((g) => sessionIdOfGrant(g) === sid);
    if (grantId) {
      await tx.query(
        `DELETE FROM ${PAYLOADS} WHERE "grant_id" = $1 OR ("model" = 'Grant' AND "id" = $1)`,
        [grantId],
      );
    }
  }

  private async grantIdsOf(tx: SqlExecutor, accountId: string): Promise<string[]> {
    const rows = (await tx.query(
      `SELECT "id" FROM ${PAYLOADS} WHERE "model" = 'Grant' AND "account_id" = $1`,
      [accountId],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }
}
