import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Client } from 'pg';
import { createRedisClient, type RedisClient } from '@loadout/cache';
import { REALTIME_CHANNEL, type RealtimeEvent } from '@loadout/contracts';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { NOTIFICATIONS_CHANGED_CHANNEL } from './notification-signal';
import { ORDERS_CHANGED_CHANNEL, parseOrderSignal } from './order-signal';

/**
 * Pushes `notifications.changed` and `orders.changed` over the `/ws` WebSocket the messaging service holds: listens
 * for the committed `pg_notify` signals and publishes them on the realtime Redis channel that
 * every messaging replica delivers from. Without REDIS_URL there is no shared channel, so
 * nothing is pushed and the shell's 30 s refresh alone keeps the bell current.
 */
@Injectable()
export class RealtimePushListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('RealtimePush');
  private pgClient?: Client;
  private redis?: RedisClient;
  private stopped = false;

  constructor(@Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.REDIS_URL) return;
    // Pushes resume on reconnect.
    const redis = createRedisClient(this.config.REDIS_URL);
    this.redis = redis;
    redis.connect().catch(() => this.log.warn('Redis unreachable: notifications not pushed'));
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.pgClient?.end().catch(() => undefined);
    if (this.redis?.isOpen) await this.redis.quit().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    // LISTEN needs a session: never through PgBouncer in transaction mode (issue 27, item 6).
    const client = new Client({
      connectionString: this.config.DATABASE_DIRECT_URL ?? this.config.DATABASE_URL,
    });
    client.on('notification', (n) => {
      if (!n.payload) return;
      if (n.channel === NOTIFICATIONS_CHANGED_CHANNEL)
        this.publish([n.payload], { type: 'notifications.changed' });
      if (n.channel === ORDERS_CHANGED_CHANNEL) {
        const order = parseOrderSignal(n.payload);
        if (order) this.publish(order.userIds, { type: 'orders.changed', orderId: order.orderId });
      }
    });
    client.on('error', () => {
      // A lost LISTEN connection is opened again; pushes are hints, the 30 s refresh remains.
      client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.listen().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${NOTIFICATIONS_CHANGED_CHANNEL}`);
    await client.query(`LISTEN ${ORDERS_CHANGED_CHANNEL}`);
    this.pgClient = client;
  }

  private publish(userIds: string[], event: RealtimeEvent): void {
    if (!this.redis?.isReady) return;
    this.redis.publish(REALTIME_CHANNEL, JSON.stringify({ userIds, event })).catch(() => undefined);
  }
}
