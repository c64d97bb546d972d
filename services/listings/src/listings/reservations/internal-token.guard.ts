import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { AppError, notFoundError } from '@loadout/errors';
import { LISTINGS_CONFIG, type ListingsConfig } from '../../listings.config';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * Internal routes (never routed by the gateway) need the shared secret INTERNAL_API_TOKEN in
 * `x-internal-token`. Without a configured secret they do not exist (404).
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  constructor(@Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig) {}

  canActivate(ctx: ExecutionContext): boolean {
    const expected = this.config.INTERNAL_API_TOKEN;
    if (!expected) throw notFoundError('COMMON.NOT_FOUND', 'Not found.');
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    const given = req.headers[INTERNAL_TOKEN_HEADER];
    const a = Buffer.from(typeof given === 'string' ? given : '');
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      throw new AppError(
        'LISTINGS.INTERNAL_TOKEN_INVALID',
        'This internal route needs a valid x-internal-token.',
        'unauthenticated',
      );
    return true;
  }
}
