import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type KeyValueStore } from '@loadout/cache';
import { rateLimitedError } from '@loadout/errors';
import { clientIpOf, replyWithError, WindowCounter } from '@loadout/http';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { KEY_VALUE_STORE } from '../kv-store.provider';
import { SharedWindowCounter } from './shared-window-counter';

const WINDOW_MS = 60_000;

const RATE_LIMITED = rateLimitedError();

/**
 * Fixed one-minute window per client IP on /api, as an `onRequest` hook, counted synchronously
 * in process. With Redis the replicas count together: each sends its hits in one batch every
 * 100 ms and learns the others' (`SharedWindowCounter`, ADR 0054), so no request waits for a
 * round trip; without it the count is this process's alone.
 */
@Injectable()
export class RateLimiter implements OnApplicationShutdown {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly counter: WindowCounter | SharedWindowCounter;
  private storeAway = false;

  constructor(
    @Inject(KEY_VALUE_STORE) store: KeyValueStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.counter =
      store.kind === 'memory'
        ? new WindowCounter(WINDOW_MS)
        : new SharedWindowCounter(store, WINDOW_MS, {
            onFlushError: (err) => this.flushFailed(err),
            onFlushed: () => this.flushed(),
          });
  }

  /** Counts the request; answers 429 in the house shape when the client is over its limit. */
  readonly onRequest = (
    req: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void => {
    const count = this.counter.hit(clientIpOf(req));
    const limit = this.config.RATE_LIMIT_PER_MINUTE;
    const resetSeconds = Math.ceil(this.counter.resetMs() / 1000);
    void reply.header('x-ratelimit-limit', limit);
    void reply.header('x-ratelimit-remaining', count < limit ? limit - count : 0);
    void reply.header('x-ratelimit-reset', resetSeconds);
    if (count <= limit) {
      done();
      return;
    }
    void reply.header('retry-after', resetSeconds);
    // A hook that replies does not call done().
    replyWithError(RATE_LIMITED, String(req.id), reply, this.logger);
  };

  onApplicationShutdown(): void {
    if (this.counter instanceof SharedWindowCounter) this.counter.stop();
  }

  /** Once per outage: replicas now count apart until the store answers again. */
  private flushFailed(err: unknown): void {
    if (this.storeAway) return;
    this.storeAway = true;
    this.logger.warn(
      `rate-limit counts cannot reach the shared store (${err instanceof Error ? err.message : String(err)}); counting in this replica until it answers`,
    );
  }

  private flushed(): void {
    if (!this.storeAway) return;
    this.storeAway = false;
    this.logger.log('rate-limit counts reach the shared store again');
  }
}
