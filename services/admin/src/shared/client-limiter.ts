import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type KeyValueStore } from '@loadout/cache';
import { AppError } from '@loadout/errors';

export const KEY_VALUE_STORE = Symbol('ADMIN_KEY_VALUE_STORE');

const HOUR_MS = 60 * 60 * 1000;

/** Per-client-address hourly limits of the public write routes (bug reports, notices). */
@Injectable()
export class ClientLimiter {
  constructor(@Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore) {}

  /** Counts one request of `ip` in the hour; refuses with 429 above `perHour`. */
  async hit(bucket: string, ip: string, perHour: number, message: string): Promise<void> {
    const { count, resetMs } = await this.store.hit(`${bucket}:${ip}`, HOUR_MS);
    if (count > perHour)
      throw new AppError('ADMIN.RATE_LIMITED', message, 'rate_limited', {
        retryAfterSeconds: Math.ceil(resetMs / 1000),
      });
  }
}

/** Closes the shared store (a Redis connection when REDIS_URL is set) when the app stops. */
@Injectable()
export class KeyValueStoreCloser implements OnApplicationShutdown {
  constructor(@Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
