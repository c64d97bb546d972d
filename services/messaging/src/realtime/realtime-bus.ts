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
    await subscriber.subscribe(CHANNEL, (raw) => bus.deliver(raw));
    await subscriber.subscribe(BATCH_CHANNEL, (raw) => bus.deliverBatch(raw));
    await subscriber.subscribe(ORIGIN_BATCH_CHANNEL, (raw) => bus.deliverOriginBatch(raw));
    return bus;
  }

  private deliver(raw: string): void {
    let parsed: { userIds: string[]; event: RealtimeEvent };
    try {
      parsed = JSON.parse(raw) as { userIds: string[]; event: RealtimeEvent };
    } catch {
      return;
    }
    const deliveries = [parsed];
    for (const listener of this.listeners) listener(deliveries);
  }

  private deliverBatch(raw: string): void {
    let parsed: RealtimeDelivery[];
    try {
      parsed = JSON.parse(raw) as RealtimeDelivery[];
    } catch {
      return;
    }
    if (!Array.isArray(parsed)) return;
    for (const listener of this.listeners) listener(parsed);
  }

  private deliverOriginBatch(raw: string): void {
    let parsed: OriginBatch;
    try {
      parsed = JSON.parse(raw) as OriginBatch;
    } catch {
      return;
    }
    // Our own batches were delivered here when they were published.
    if (parsed?.origin === this.origin || !Array.isArray(parsed?.deliveries)) return;
    for (const listener of this.listeners) listener(parsed.deliveries);
  }

  publish(userIds: string[], event: RealtimeEvent): Promise<void> {
    return this.publishAll([{ userIds, event }]);
  }

  /** Delivers to this replica's sockets now, then to the other replicas through Redis. */
  async publishAll(deliveries: RealtimeDelivery[]): Promise<void> {
    for (const listener of this.listeners) listener(deliveries);
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
