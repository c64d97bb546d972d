import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, throwError, type Observable } from 'rxjs';
import { EventContext } from './event-context';

/**
 * Nest's RPC exception filter turns anything but an RpcException into
 * "Internal server error" before the server sees it. This keeps the original error on
 * the EventContext so retries log it and the dead-letter row records it.
 * connectEventServer installs it on the consumer microservice only (ADR 0053); it ignores
 * other transports.
 */
@Injectable()
export class EventFailureInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const ctx: unknown = context.switchToRpc().getContext();
    if (!(ctx instanceof EventContext)) return next.handle();
    return next.handle().pipe(
      catchError((error: unknown) => {
        ctx.recordFailure(error);
        return throwError(() => error);
      }),
    );
  }
}
