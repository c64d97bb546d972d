import type { Adapter, AdapterPayload } from 'oidc-provider';
import { type DataSource } from 'typeorm';

const TABLE = '"identity"."oidc_payloads"';

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
 * kept as consumed, so presenting it again is recognised and revokes the whole grant.
 */
export function postgresAdapter(dataSource: DataSource): new (model: string) => Adapter {
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
        `SELECT "payload", "consumed_at" FROM ${TABLE} WHERE "model" = $1 AND "id" = $2 AND ${LIVE}`,
        [this.model, id],
      )) as Array<{ payload: AdapterPayload; consumed_at: Date | null }>;
      return toPayload(rows[0]);
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
      await dataSource.query(
        `UPDATE ${TABLE} SET "consumed_at" = now() WHERE "model" = $1 AND "id" = $2`,
        [this.model, id],
      );
    }

    async destroy(id: string): Promise<void> {
      await dataSource.query(`DELETE FROM ${TABLE} WHERE "model" = $1 AND "id" = $2`, [
        this.model,
        id,
      ]);
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
