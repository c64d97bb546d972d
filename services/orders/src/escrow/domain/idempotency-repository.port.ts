import { type Tx } from '@loadout/service-kit/tx';

/** What a key names: the user's request to one route with one body. */
export interface IdempotentRequest {
  userId: string;
  key: string;
  /** `METHOD /path` */
  scope: string;
  /** SHA-256 (hex) of the body's canonical JSON. */
  requestHash: string;
}

export type IdempotencyStart =
  | { kind: 'started'; claimId: string }
  | { kind: 'replay'; statusCode: number; response: unknown }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/** A key is replayed for 24 h, then forgotten (issue 23 scenario 9). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;
/**
 * A claim still "in progress" after this long belongs to a request that died (the gateway gives
 * up after 15 s, the Stripe client after 20 s per try): the key may be claimed again.
 */
export const IDEMPOTENCY_RETAKE_AFTER_MS = 2 * 60_000;

/** `Idempotency-Key` per user: the first request claims the key, its answer is replayed. */
export abstract class IdempotencyRepository {
  abstract start(tx: Tx, request: IdempotentRequest): Promise<IdempotencyStart>;
  /** Stores the answer, only while `claimId` still holds the key. */
  abstract finish(
    tx: Tx,
    request: IdempotentRequest,
    claimId: string,
    statusCode: number,
    response: unknown,
  ): Promise<void>;
  /** A failed request frees its key (its own claim only): the retry runs again. */
  abstract abandon(tx: Tx, request: IdempotentRequest, claimId: string): Promise<void>;
  /** Forgets every key older than 24 h (the worker, hourly); returns how many. */
  abstract purgeExpired(tx: Tx): Promise<number>;
}
