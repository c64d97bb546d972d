import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '@loadout/errors';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';

/**
 * Internal routes (`/internal/orders/…`, never routed by the gateway) are for other services:
 * they need the shared secret INTERNAL_API_TOKEN in `x-internal-token`.
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  constructor(@Inject(ORDERS_CONFIG) private readonly config: OrdersConfig) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    const given = req.headers['x-internal-token'];
    const a = Buffer.from(typeof given === 'string' ? given : '');
    const b = Buffer.from(this.config.INTERNAL_API_TOKEN);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      throw new AppError(
        'ORDERS.INTERNAL_TOKEN_INVALID',
        'This internal route needs a valid x-internal-token.',
        'unauthenticated',
      );
    return true;
  }
}
