import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type KeyValueStore } from '@loadout/cache';
import { AppError } from '@loadout/errors';
import { clientIpOf } from '@loadout/http';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { KEY_VALUE_STORE } from '../kv-store.provider';

const WINDOW_MS = 60_000;

/** Fixed one-minute window per client IP on /api; shared through Redis when configured. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async check(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limit = this.config.RATE_LIMIT_PER_MINUTE;
    const { count, resetMs } = await this.store.hit(`rl:${clientIpOf(req)}`, WINDOW_MS);
    const resetSeconds = Math.ceil(resetMs / 1000);
    void reply.header('x-ratelimit-limit', limit);
    void reply.header('x-ratelimit-remaining', Math.max(0, limit - count));
    void reply.header('x-ratelimit-reset', resetSeconds);
    if (count > limit) {
      void reply.header('retry-after', resetSeconds);
      throw new AppError(
        'COMMON.RATE_LIMITED',
        'Too many requests. Please wait a moment and try again.',
        'rate_limited',
      );
    }
  }
}
