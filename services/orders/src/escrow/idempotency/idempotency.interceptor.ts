import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { type AuthUser } from '@loadout/auth';
import { UnitOfWork } from '@loadout/service-kit';
import {
  IdempotencyRepository,
  type IdempotentRequest,
} from '../domain/idempotency-repository.port';
import { OrderDomainError } from '../domain/order.errors';
import { requestHash } from './request-hash';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * `Idempotency-Key` on state-changing order routes: the first request with a key runs and
 * its successful answer is stored per user; a repeat (same route, same body) gets that answer
 * again for 24 h, a concurrent repeat a 409 while the first still runs, the key with another
 * route or body a 422. A failed request frees the key; one that died holding it (in progress
 * past `IDEMPOTENCY_RETAKE_AFTER_MS`) is retaken. Without the header the request simply runs
 * (the state machine still refuses a second release).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: IdempotencyRepository,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = ctx.switchToHttp();
    const req = http.getRequest<FastifyRequest & { user?: AuthUser }>();
    const reply = http.getResponse<FastifyReply>();
    const raw = req.headers[IDEMPOTENCY_HEADER];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !req.user) return next.handle();
    return from(
      this.run(
        {
          userId: req.user.id,
          key,
          scope: `${req.method} ${req.url.split('?')[0]}`,
          requestHash: requestHash(req.body),
        },
        reply,
        next,
      ),
    );
  }

  private async run(
    request: IdempotentRequest,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<unknown> {
    if (!KEY_PATTERN.test(request.key))
      throw new OrderDomainError(
        'ORDERS.IDEMPOTENCY_KEY_REUSED',
        'The Idempotency-Key header must be 1 to 200 printable characters.',
        'validation',
      );
    const start = await this.uow.read((tx) => this.keys.start(tx, request));
    switch (start.kind) {
      case 'replay':
        void reply.status(start.statusCode).header('idempotent-replayed', 'true');
        return start.response;
      case 'in_progress':
        throw new OrderDomainError(
          'ORDERS.IDEMPOTENCY_KEY_IN_USE',
          'This request is already being processed. Wait a moment.',
          'conflict',
        );
      case 'mismatch':
        throw new OrderDomainError(
          'ORDERS.IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for a different request. Use a new key for a new request.',
          'unprocessable',
        );
      case 'started':
        break;
    }
    const { claimId } = start;
    try {
      const body = await lastValueFrom(next.handle(), { defaultValue: null });
      await this.uow.read((tx) =>
        this.keys.finish(tx, request, claimId, reply.statusCode || 200, body),
      );
      return body;
    } catch (err) {
      await this.uow.read((tx) => this.keys.abandon(tx, request, claimId));
      throw err;
    }
  }
}
