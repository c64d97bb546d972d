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

const CHANNEL = REALTIME_CHANNEL;
/**
 * Batches travel on a channel of their own: a replica of an earlier version, which knows only
 * single events, does not receive them (its clients' polling catches up during a rollout).
 */
const BATCH_CHANNEL = `${REALTIME_CHANNEL}.batch`;

export class RedisRealtimeBus extends RealtimeBus {
  readonly kind = 'redis' as const;
  private readonly listeners = new Set<RealtimeListener>();

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

  async publish(userIds: string[], event: RealtimeEvent): Promise<void> {
    await this.publisher.publish(CHANNEL, JSON.stringify({ userIds, event }));
  }

  async publishAll(deliveries: RealtimeDelivery[]): Promise<void> {
    await this.publisher.publish(BATCH_CHANNEL, JSON.stringify(deliveries));
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
