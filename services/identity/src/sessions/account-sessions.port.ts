import { type SqlExecutor } from '@loadout/db';

/**
 * What password reset and sign-out need from whoever keeps sign-in sessions: the embedded
 * provider's `oidc_payloads` plus the ended-session records every token check reads
 * (`src/oidc/persistence/oidc-sessions.ts`). In keycloak mode there are no provider sessions
 * here, and only the records are written.
 */
export interface AccountSessions {
  /**
   * Inside the caller's transaction: ends every session, grant and token of one account, so
   * the next refresh fails, and voids its unexpired access tokens (ADR 0019).
   */
  revokeAll(tx: SqlExecutor, accountId: string): Promise<void>;
  /** Ends the one session `sid` of the account (its grant, when the embedded provider has it). */
  end(tx: SqlExecutor, accountId: string, sid: string): Promise<void>;
}

export const ACCOUNT_SESSIONS = Symbol('ACCOUNT_SESSIONS');
