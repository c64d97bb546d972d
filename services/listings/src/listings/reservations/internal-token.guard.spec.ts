import { type ExecutionContext } from '@nestjs/common';
import { type AppError } from '@loadout/errors';
import { type ListingsConfig } from '../../listings.config';
import { InternalTokenGuard } from './internal-token.guard';

const ctx = (headers: Record<string, string>) =>
  ({ switchToHttp: () => ({ getRequest: () => ({ headers }) }) }) as unknown as ExecutionContext;
const guard = (token?: string) =>
  new InternalTokenGuard({ INTERNAL_API_TOKEN: token } as ListingsConfig);
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as AppError).code;
  }
};

describe('internal token guard', () => {
  it('hides the internal routes (404) when no token is configured', () => {
    expect(codeOf(() => guard().canActivate(ctx({ 'x-internal-token': 'anything' })))).toBe(
      'COMMON.NOT_FOUND',
    );
  });

  it('accepts only the configured token', () => {
    const g = guard('s3cret-internal-token');
    expect(g.canActivate(ctx({ 'x-internal-token': 's3cret-internal-token' }))).toBe(true);
    expect(codeOf(() => g.canActivate(ctx({ 'x-internal-token': 's3cret-internal-tokem' })))).toBe(
      'LISTINGS.INTERNAL_TOKEN_INVALID',
    );
    expect(codeOf(() => g.canActivate(ctx({})))).toBe('LISTINGS.INTERNAL_TOKEN_INVALID');
  });
});
