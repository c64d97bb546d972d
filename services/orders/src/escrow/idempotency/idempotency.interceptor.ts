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
import { IdempotencyRepository } from '../domain/idempotency-repository.port';
import { OrderDomainError } from '../domain/order.errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * `Idempotency-Key` on state-changing order routes: the first request with a key runs and
 * its successful answer is stored per user; a repeat gets that answer again, a concurrent
 * repeat a 409 while the first still runs. A failed request frees the key. Without the
 * header the request simply runs (the state machine still refuses a second release).
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
    return from(this.run(req.user.id, key, `${req.method} ${req.url.split('?')[0]}`, reply, next));
  }

  private async run(
    userId: string,
    key: string,
    scope: string,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<unknown> {
    if (!KEY_PATTERN.test(key))
      throw new OrderDomainError(
        'ORDERS.IDEMPOTENCY_KEY_REUSED',
        'The Idempotency-Key header must be 1 to 200 printable characters.',
        'validation',
      );
    const start = await this.uow.read((tx) => this.keys.start(tx, userId, key, scope));
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
          'This Idempotency-Key was used for a different request.',
          'validation',
        );
      case 'started':
        break;
    }
    try {
      const body = await lastValueFrom(next.handle(), { defaultValue: null });
      await this.uow.read((tx) => this.keys.finish(tx, userId, key, reply.statusCode || 200, body));
      return body;
    } catch (err) {
      await this.uow.read((tx) => this.keys.abandon(tx, userId, key));
      throw err;
    }
  }
}
