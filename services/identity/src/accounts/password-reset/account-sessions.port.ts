import { type SqlExecutor } from '@loadout/db';

/**
 * What password reset needs from whoever keeps sign-in sessions (the embedded provider's
 * `oidc_payloads` today, `src/oidc/persistence/oidc-sessions.ts`).
 */
export interface AccountSessions {
  /**
   * Inside the caller's transaction: ends every session, grant and token of one account, so
   * the next refresh fails and the browser must sign in again.
   */
  revokeAll(tx: SqlExecutor, accountId: string): Promise<void>;
}

export const ACCOUNT_SESSIONS = Symbol('ACCOUNT_SESSIONS');
