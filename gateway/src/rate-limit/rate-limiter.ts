import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type KeyValueStore } from '@loadout/cache';
import { AppError } from '@loadout/errors';
import { clientIpOf, toErrorResponse } from '@loadout/http';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { KEY_VALUE_STORE } from '../kv-store.provider';
import { WindowCounter } from './window-counter';

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute window per client IP on /api, as an `onRequest` hook. Shared through Redis
 * when configured (replicas count together: one round trip per request); in process otherwise,
 * counted synchronously without a round trip or an allocation per request.
 */
@Injectable()
export class RateLimiter {
  private readonly local: WindowCounter | null;

  constructor(
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.local = store.kind === 'memory' ? new WindowCounter(WINDOW_MS) : null;
  }

  /** Counts the request; answers 429 in the house shape when the client is over its limit. */
  readonly onRequest = (
    req: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void => {
    const ip = clientIpOf(req);
    if (this.local) {
      this.apply(req, reply, this.local.hit(ip), this.local.resetMs(), done);
      return;
    }
    this.store.hit(`rl:${ip}`, WINDOW_MS).then(
      ({ count, resetMs }) => this.apply(req, reply, count, resetMs, done),
      (err: unknown) => this.refuse(req, reply, err),
    );
  };

  private apply(
    req: FastifyRequest,
    reply: FastifyReply,
    count: number,
    resetMs: number,
    done: HookHandlerDoneFunction,
  ): void {
    const limit = this.config.RATE_LIMIT_PER_MINUTE;
    const resetSeconds = Math.ceil(resetMs / 1000);
    void reply.header('x-ratelimit-limit', limit);
    void reply.header('x-ratelimit-remaining', count < limit ? limit - count : 0);
    void reply.header('x-ratelimit-reset', resetSeconds);
    if (count <= limit) {
      done();
      return;
    }
    void reply.header('retry-after', resetSeconds);
    this.refuse(
      req,
      reply,
      new AppError(
        'COMMON.RATE_LIMITED',
        'Too many requests. Please wait a moment and try again.',
        'rate_limited',
      ),
    );
  }

  /** Answers in the house shape; a hook that replies does not call done(). */
  private refuse(req: FastifyRequest, reply: FastifyReply, err: unknown): void {
    const { status, body } = toErrorResponse(err, String(req.id));
    void reply.status(status).send(body);
  }
}
