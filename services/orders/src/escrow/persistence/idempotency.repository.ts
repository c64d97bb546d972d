import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sqlOf, type Tx } from '@loadout/service-kit';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_RETAKE_AFTER_MS,
  IdempotencyRepository,
  type IdempotencyStart,
  type IdempotentRequest,
} from '../domain/idempotency-repository.port';

@Injectable()
export class SqlIdempotencyRepository extends IdempotencyRepository {
  async start(tx: Tx, r: IdempotentRequest): Promise<IdempotencyStart> {
    const db = sqlOf(tx);
    const claimId = randomUUID();
    // Kept 24 h: this key, if older, is replaced here by the new claim (one primary-key row, in
    // the same statement); the worker's hourly purgeExpired forgets every other old key, off
    // the request path. A younger key is left as it is and read below.
    const inserted = (await db(
      `INSERT INTO orders.idempotency_keys AS k (user_id, key, scope, request_hash, claim_id)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, key) DO UPDATE
         SET scope = EXCLUDED.scope, request_hash = EXCLUDED.request_hash,
             claim_id = EXCLUDED.claim_id, status_code = NULL, response = NULL,
             created_at = now(), claimed_at = now()
         WHERE k.created_at < now() - make_interval(secs => $6)
       RETURNING key`,
      [r.userId, r.key, r.scope, r.requestHash, claimId, IDEMPOTENCY_KEY_TTL_MS / 1000],
    )) as unknown[];
    if (inserted.length > 0) return { kind: 'started', claimId };
    const [row] = (await db(
      `SELECT scope, request_hash AS "requestHash", status_code AS "statusCode", response,
              claimed_at < now() - make_interval(secs => $3) AS "stale"
         FROM orders.idempotency_keys WHERE user_id = $1 AND key = $2`,
      [r.userId, r.key, IDEMPOTENCY_RETAKE_AFTER_MS / 1000],
    )) as {
      scope: string;
      requestHash: string | null;
      statusCode: number | null;
      response: unknown;
      stale: boolean;
    }[];
    if (!row) return this.start(tx, r); // abandoned meanwhile: claim it again
    // Rows from before the hash was kept match on the route alone.
    if (row.scope !== r.scope || (row.requestHash !== null && row.requestHash !== r.requestHash))
      return { kind: 'mismatch' };
    if (row.statusCode !== null)
      return { kind: 'replay', statusCode: row.statusCode, response: row.response };
    if (!row.stale) return { kind: 'in_progress' };
    // Retake a dead request's claim; of two retakers only one wins the update.
    const retaken = (await db(
      `UPDATE orders.idempotency_keys SET claim_id = $3, claimed_at = now(), request_hash = $4
        WHERE user_id = $1 AND key = $2 AND status_code IS NULL
          AND claimed_at < now() - make_interval(secs => $5)
       RETURNING key`,
      [r.userId, r.key, claimId, r.requestHash, IDEMPOTENCY_RETAKE_AFTER_MS / 1000],
    )) as unknown[];
    return retaken.length > 0 ? { kind: 'started', claimId } : { kind: 'in_progress' };
  }

  async finish(
    tx: Tx,
    r: IdempotentRequest,
    claimId: string,
    statusCode: number,
    response: unknown,
  ): Promise<void> {
    await sqlOf(tx)(
      `UPDATE orders.idempotency_keys SET status_code = $4, response = $5::jsonb
        WHERE user_id = $1 AND key = $2 AND claim_id = $3 AND status_code IS NULL`,
      [r.userId, r.key, claimId, statusCode, JSON.stringify(response ?? null)],
    );
  }

  async abandon(tx: Tx, r: IdempotentRequest, claimId: string): Promise<void> {
    await sqlOf(tx)(
      `DELETE FROM orders.idempotency_keys
        WHERE user_id = $1 AND key = $2 AND claim_id = $3 AND status_code IS NULL`,
      [r.userId, r.key, claimId],
    );
  }

  async purgeExpired(tx: Tx): Promise<number> {
    const [row] = (await sqlOf(tx)(
      `WITH d AS (DELETE FROM orders.idempotency_keys
                   WHERE created_at < now() - make_interval(secs => $1) RETURNING 1)
       SELECT count(*)::int AS n FROM d`,
      [IDEMPOTENCY_KEY_TTL_MS / 1000],
    )) as { n: number }[];
    return row?.n ?? 0;
  }
}
