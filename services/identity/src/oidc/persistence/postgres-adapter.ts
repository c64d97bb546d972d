import type { Adapter, AdapterPayload } from 'oidc-provider';
import { type DataSource } from 'typeorm';
import { sessionIdOfGrant } from '../../sessions/domain/session-id';
import { type SessionRevocationRepository } from '../../sessions/persistence/session-revocation.repository';
import { currentRedemption } from '../refresh-grace/redemption-scope';
import { REFRESH_RESULT_MODEL } from './refresh-results';

const TABLE = '"identity"."oidc_payloads"';

/** Thrown by `consume` when another request consumed the row first; the token request loses. */
export class AlreadyConsumedError extends Error {
  constructor(model: string) {
    super(`${model} already consumed by a concurrent request`);
  }
}

export interface PostgresAdapterOptions {
  /** How long after a rotation the old refresh token still gets the winner's answer. */
  refreshGraceSeconds: number;
  /** Where a destroyed grant (sign-out, refresh token reuse) is recorded as an ended session. */
  sessions: SessionRevocationRepository;
}

/** Row found, unless it has expired (the provider checks again for models it knows). */
const LIVE = `("expires_at" IS NULL OR "expires_at" > now())`;

function toPayload(row: { payload: AdapterPayload; consumed_at: Date | null } | undefined) {
  if (!row) return undefined;
  return row.consumed_at
    ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
    : row.payload;
}

/**
 * oidc-provider's storage in Postgres: one table keyed by (model, id). A rotated refresh token is
 * kept as consumed, so presenting it again is recognised and revokes the whole grant — unless it
 * comes back within the grace window of its rotation (another tab of the same browser), when the
 * token request is marked as a loser and gets the winner's answer (`refresh-grace.middleware.ts`).
 * Consuming is one conditional update: of concurrent redemptions exactly one wins (issue 22).
 */
export function postgresAdapter(
  dataSource: DataSource,
  options: PostgresAdapterOptions,
): new (model: string) => Adapter {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await dataSource.query(
        `INSERT INTO ${TABLE} ("model", "id", "payload", "grant_id", "uid", "account_id", "expires_at")
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
         ON CONFLICT ("model", "id") DO UPDATE SET
           "payload" = EXCLUDED."payload", "grant_id" = EXCLUDED."grant_id", "uid" = EXCLUDED."uid",
           "account_id" = EXCLUDED."account_id", "expires_at" = EXCLUDED."expires_at"`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.uid ?? null,
          typeof payload.accountId === 'string' ? payload.accountId.slice(0, 36) : null,
          expiresAt,
        ],
      );
    }

    async find(id: string) {
      const rows = (await dataSource.query(
        `SELECT "payload", "consumed_at",
                "consumed_at" > now() - make_interval(secs => $3) AS "in_grace"
           FROM ${TABLE} WHERE "model" = $1 AND "id" = $2 AND ${LIVE}`,
        [this.model, id, options.refreshGraceSeconds],
      )) as Array<{ payload: AdapterPayload; consumed_at: Date | null; in_grace: boolean | null }>;
      const row = rows[0];
      const redemption = currentRedemption();
      if (this.model === 'RefreshToken' && row?.in_grace && redemption) {
        // Not "found consumed" (which revokes the grant): the winner's answer is shared instead.
        redemption.lost = { tokenId: id };
        return undefined;
      }
      return toPayload(row);
    }

    async findByUid(uid: string) {
      const rows = (await dataSource.query(
        `SELECT "payload", "consumed_at" FROM ${TABLE} WHERE "model" = $1 AND "uid" = $2 AND ${LIVE}`,
        [this.model, uid],
      )) as Array<{ payload: AdapterPayload; consumed_at: Date | null }>;
      return toPayload(rows[0]);
    }

    // The device flow is off: no model is looked up by user code.
    async findByUserCode(): Promise<undefined> {
      return undefined;
    }

    async consume(id: string): Promise<void> {
      // A CTE so the driver answers with the returned rows (a bare UPDATE answers a count).
      const rows = (await dataSource.query(
        `WITH consumed AS (
           UPDATE ${TABLE} SET "consumed_at" = now()
            WHERE "model" = $1 AND "id" = $2 AND "consumed_at" IS NULL
           RETURNING "grant_id", "account_id", "payload"->>'clientId' AS "client_id")
         SELECT * FROM consumed`,
        [this.model, id],
      )) as Array<{ grant_id: string | null; account_id: string | null; client_id: string | null }>;
      const redemption = currentRedemption();
      const won = rows[0];
      if (!won) {
        if (redemption) redemption.lost = { tokenId: id };
        throw new AlreadyConsumedError(this.model);
      }
      if (redemption && this.model === 'RefreshToken') {
        redemption.won = {
          tokenId: id,
          grantId: won.grant_id,
          accountId: won.account_id,
          clientId: won.client_id,
        };
      }
    }

    async destroy(id: string): Promise<void> {
      if (this.model === 'Grant') await this.endSessionOfGrant(id);
      await dataSource.query(`DELETE FROM ${TABLE} WHERE "model" = $1 AND "id" = $2`, [
        this.model,
        id,
      ]);
      if (this.model === 'Grant') {
        // A revoked grant's shared answers go with it (its tokens are gone).
        await dataSource.query(`DELETE FROM ${TABLE} WHERE "model" = $1 AND "grant_id" = $2`, [
          REFRESH_RESULT_MODEL,
          id,
        ]);
      }
    }

    /** The grant's access tokens are JWTs nobody can recall: their `sid` is refused instead. */
    private async endSessionOfGrant(grantId: string): Promise<void> {
      const rows = (await dataSource.query(
        `SELECT "account_id" FROM ${TABLE} WHERE "model" = 'Grant' AND "id" = $1`,
        [grantId],
      )) as Array<{ account_id: string | null }>;
      const accountId = rows[0]?.account_id;
      if (accountId) await options.sessions.endSessions(accountId, [sessionIdOfGrant(grantId)]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await dataSource.query(`DELETE FROM ${TABLE} WHERE "model" = $1 AND "grant_id" = $2`, [
        this.model,
        grantId,
      ]);
    }
  };
}

/** Drops rows past their expiry; the provider never reads them again. */
export async function deleteExpiredPayloads(dataSource: DataSource): Promise<void> {
  await dataSource.query(`DELETE FROM ${TABLE} WHERE "expires_at" < now()`);
}
