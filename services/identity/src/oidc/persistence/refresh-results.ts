import { type DataSource } from 'typeorm';
import { type WonRedemption } from '../refresh-grace/redemption-scope';
import {
  openTokenResponse,
  redemptionKey,
  sealTokenResponse,
  type SealedTokenResponse,
} from '../refresh-grace/sealed-token-response';

/** Rows of `oidc_payloads` that hold a rotation's answer (the provider never reads this model). */
export const REFRESH_RESULT_MODEL = 'RefreshResult';

interface StoredResult {
  clientId: string | null;
  sealed: SealedTokenResponse;
}

/**
 * The answers of refresh token rotations, kept for the grace window: keyed by a hash of the
 * redeemed token and sealed with a key derived from it, with the grant and account of the token
 * so that signing out (grant revoked) and a password reset (account's rows deleted) drop them.
 */
export class RefreshResults {
  constructor(private readonly dataSource: DataSource) {}

  async keep(won: WonRedemption, answer: object, ttlSeconds: number): Promise<void> {
    const stored: StoredResult = {
      clientId: won.clientId,
      sealed: sealTokenResponse(won.tokenId, answer),
    };
    await this.dataSource.query(
      `INSERT INTO "identity"."oidc_payloads"
         ("model", "id", "payload", "grant_id", "account_id", "expires_at")
       VALUES ($1, $2, $3::jsonb, $4, $5, now() + make_interval(secs => $6))
       ON CONFLICT ("model", "id") DO NOTHING`,
      [
        REFRESH_RESULT_MODEL,
        redemptionKey(won.tokenId),
        JSON.stringify(stored),
        won.grantId,
        won.accountId,
        ttlSeconds,
      ],
    );
  }

  /**
   * The answer given for `tokenId` to `clientId`: `pending` while none is kept (the winner is
   * still working, or failed), `refused` when it was given to another client or does not open.
   */
  async find(
    tokenId: string,
    clientId: string,
  ): Promise<{ answer: Record<string, unknown> } | 'pending' | 'refused'> {
    const rows = (await this.dataSource.query(
      `SELECT "payload" FROM "identity"."oidc_payloads"
        WHERE "model" = $1 AND "id" = $2 AND "expires_at" > now()`,
      [REFRESH_RESULT_MODEL, redemptionKey(tokenId)],
    )) as Array<{ payload: StoredResult }>;
    const stored = rows[0]?.payload;
    if (!stored) return 'pending';
    if (stored.clientId !== clientId) return 'refused';
    const answer = openTokenResponse(tokenId, stored.sealed);
    return answer ? { answer } : 'refused';
  }
}
