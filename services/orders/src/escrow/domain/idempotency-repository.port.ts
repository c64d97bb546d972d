import { type Tx } from '@loadout/service-kit/tx';

export type IdempotencyStart =
  | { kind: 'started' }
  | { kind: 'replay'; statusCode: number; response: unknown }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/** `Idempotency-Key` per user: the first request claims the key, its answer is replayed. */
export abstract class IdempotencyRepository {
  abstract start(tx: Tx, userId: string, key: string, scope: string): Promise<IdempotencyStart>;
  abstract finish(
    tx: Tx,
    userId: string,
    key: string,
    statusCode: number,
    response: unknown,
  ): Promise<void>;
  /** A failed request frees its key: the retry runs again (and meets the same rules). */
  abstract abandon(tx: Tx, userId: string, key: string): Promise<void>;
}
