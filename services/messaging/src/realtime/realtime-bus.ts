import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createRedisClient, type RedisClient } from '@loadout/cache';
import { REALTIME_CHANNEL, type RealtimeEvent } from '@loadout/contracts';

/** One event for some users. */
export interface RealtimeDelivery {
  userIds: string[];
  event: RealtimeEvent;
}

/** Gets the events of one bus message together, in order (a socket's frames of it go out in one write). */
export type RealtimeListener = (deliveries: readonly RealtimeDelivery[]) => void;

/**
 * Fan-out of real-time events to every messaging replica: each replica delivers to the
 * sockets it holds. In-process for one replica, Redis pub/sub when `REDIS_URL` is set.
 */
export abstract class RealtimeBus {
  abstract readonly kind: 'memory' | 'redis';
  abstract publish(userIds: string[], event: RealtimeEvent): Promise<void>;
  /** Several events in one bus message (delivered in order). */
  abstract publishAll(deliveries: RealtimeDelivery[]): Promise<void>;
  abstract subscribe(listener: RealtimeListener): () => void;
  abstract close(): Promise<void>;
}

export class InProcessRealtimeBus extends RealtimeBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(userIds: string[], event: RealtimeEvent): Promise<void> {
    this.emitter.emit('event', [{ userIds, event }]);
  }

  async publishAll(deliveries: RealtimeDelivery[]): Promise<void> {
    this.emitter.emit('event', deliveries);
  }

  subscribe(listener: RealtimeListener): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Single events `{ userIds, event }` (the notifications service's pushes). */
const CHANNEL = REALTIME_CHANNEL;
/**
 * This replica's batches, `{ origin, deliveries }`: the replica that publishes delivers to its
 * own sockets at once and skips its own echo (issue 28: no Redis round trip and no parse before
 * the sender's own replica delivers). A channel of its own, so a replica of an earlier version
 * never reads this shape (its clients' polling catches up during a rollout).
 */
export const ORIGIN_BATCH_CHANNEL = `${REALTIME_CHANNEL}.batch.origin`;
/** Batches as arrays, published by replicas of the previous version during a rollout. */
const BATCH_CHANNEL = `${REALTIME_CHANNEL}.batch`;

interface OriginBatch {
  origin: string;
  deliveries: RealtimeDelivery[];
}

export class RedisRealtimeBus extends RealtimeBus {
  readonly kind = 'redis' as const;
  private readonly listeners = new Set<RealtimeListener>();
  /** Tells this replica's batches from the others' on the shared channel. */
  private readonly origin = randomUUID();

  private constructor(
    private readonly publisher: RedisClient,
    private readonly subscriber: RedisClient,
  ) {
    super();
  }

  static async connect(url: string): Promise<RedisRealtimeBus> {
    // Delivery resumes on reconnect.
    const publisher = createRedisClient(url);
    await publisher.connect();
    const subscriber = publisher.duplicate();
    subscriber.on('error', () => undefined);
    await subscriber.connect();
    const bus = new RedisRealtimeBus(publisher, subscriber);
    // What each channel carries, as the deliveries of one bus message (null: not for here).
    await subscriber.subscribe(CHANNEL, (raw) =>
      bus.receive(raw, (single) => [single as RealtimeDelivery]),
    );
    await subscriber.subscribe(BATCH_CHANNEL, (raw) =>
      bus.receive(raw, (batch) => (Array.isArray(batch) ? (batch as RealtimeDelivery[]) : null)),
    );
    await subscriber.subscribe(ORIGIN_BATCH_CHANNEL, (raw) =>
      bus.receive(raw, (message) => {
        const { origin, deliveries } = (message ?? {}) as Partial<OriginBatch>;
        // Our own batches were delivered here when they were published.
        return origin !== bus.origin && Array.isArray(deliveries) ? deliveries : null;
      }),
    );
    return bus;
  }

  /** Hands a bus message's deliveries to the listeners; a message that is not JSON is dropped. */
  private receive(
    raw: string,
    deliveriesOf: (parsed: unknown) => readonly RealtimeDelivery[] | null,
  ): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const deliveries = deliveriesOf(parsed);
    if (deliveries) this.emit(deliveries);
  }

  private emit(deliveries: readonly RealtimeDelivery[]): void {
    for (const listener of this.listeners) listener(deliveries);
  }

  publish(userIds: string[], event: RealtimeEvent): Promise<void> {
    return this.publishAll([{ userIds, event }]);
  }

  /** Delivers to this replica's sockets now, then to the other replicas through Redis. */
  async publishAll(deliveries: RealtimeDelivery[]): Promise<void> {
    this.emit(deliveries);
    const batch: OriginBatch = { origin: this.origin, deliveries };
    await this.publisher.publish(ORIGIN_BATCH_CHANNEL, JSON.stringify(batch));
  }

  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}

export async function createRealtimeBus(redisUrl: string | undefined): Promise<RealtimeBus> {
  return redisUrl ? RedisRealtimeBus.connect(redisUrl) : new InProcessRealtimeBus();
}
