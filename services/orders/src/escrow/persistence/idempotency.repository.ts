import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Tx } from '@loadout/service-kit';
import {
  IdempotencyRepository,
  type IdempotencyStart,
} from '../domain/idempotency-repository.port';

@Injectable()
export class TypeOrmIdempotencyRepository extends IdempotencyRepository {
  async start(tx: Tx, userId: string, key: string, scope: string): Promise<IdempotencyStart> {
    const db = entityManagerOf(tx);
    const inserted = (await db.query(
      `INSERT INTO orders.idempotency_keys (user_id, key, scope) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, scope],
    )) as unknown[];
    if (inserted.length > 0) return { kind: 'started' };
    const [row] = (await db.query(
      `SELECT scope, status_code AS "statusCode", response FROM orders.idempotency_keys
        WHERE user_id = $1 AND key = $2`,
      [userId, key],
    )) as { scope: string; statusCode: number | null; response: unknown }[];
    if (!row) return this.start(tx, userId, key, scope); // abandoned meanwhile: claim it again
    if (row.scope !== scope) return { kind: 'mismatch' };
    if (row.statusCode === null) return { kind: 'in_progress' };
    return { kind: 'replay', statusCode: row.statusCode, response: row.response };
  }

  async finish(
    tx: Tx,
    userId: string,
    key: string,
    statusCode: number,
    response: unknown,
  ): Promise<void> {
    await entityManagerOf(tx).query(
      `UPDATE orders.idempotency_keys SET status_code = $3, response = $4::jsonb
        WHERE user_id = $1 AND key = $2`,
      [userId, key, statusCode, JSON.stringify(response ?? null)],
    );
  }

  async abandon(tx: Tx, userId: string, key: string): Promise<void> {
    await entityManagerOf(tx).query(
      `DELETE FROM orders.idempotency_keys WHERE user_id = $1 AND key = $2 AND status_code IS NULL`,
      [userId, key],
    );
  }
}
