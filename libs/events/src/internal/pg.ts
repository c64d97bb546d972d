import { type Pool, type PoolClient } from 'pg';

/**
 * Checks out a client for `work`. pg-pool leaves checked-out clients without an
 * 'error' listener, so a backend that dies between queries would crash the process;
 * the listener here turns that into a discarded client instead.
 */
export async function withClient<T>(
  pool: Pool,
  work: (client: PoolClient, discard: (err: Error) => void) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const discard = (err: Error) => {
    broken ??= err;
  };
  client.on('error', discard);
  try {
    return await work(client, discard);
  } finally {
    client.removeListener('error', discard);
    // Releasing with an error destroys the connection rather than pooling a dubious one.
    client.release(broken);
  }
}

/**
 * Runs `work` on one pooled connection, which opens and ends its transaction itself (its
 * `BEGIN` and `COMMIT` may share a round trip with other statements); rolls back when it throws.
 */
export async function inOwnTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  return withClient(pool, async (client, discard) => {
    try {
      return await work(client);
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => discard(rollbackError));
      throw err;
    }
  });
}

/** Runs `work` in BEGIN/COMMIT on one pooled connection; rolls back when it throws. */
export function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return inOwnTransaction(pool, async (client) => {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  });
}
