import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { signInRequiredError } from '@loadout/errors';
import { type AuthUser, type Role } from './auth-user';

export const ACCESS_KEY = 'loadout:access';

/**
 * Every route declares who may call it. Routes without a declaration are refused by the
 * guard, so forgetting one fails closed.
 */
export type Access =
  { kind: 'public' } | { kind: 'authenticated' } | { kind: 'roles'; roles: Role[] };

/** Anyone, signed in or not; the user is still resolved when a valid token is sent. */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);
/** Any signed-in user. */
export const Authenticated = () =>
  SetMetadata(ACCESS_KEY, { kind: 'authenticated' } satisfies Access);
/** Signed-in users holding one of the roles. */
export const Roles = (...roles: Role[]) =>
  SetMetadata(ACCESS_KEY, { kind: 'roles', roles } satisfies Access);

export interface RequestWithUser {
  user?: AuthUser | null;
}

/** The signed-in user; throws 401 on a route where the caller may be anonymous and is. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser => {
    const req = ctx.switchToHttp().getRequest<RequestWithUser>();
    if (!req.user) throw signInRequiredError();
    return req.user;
  },
);

/** The user when a valid token was sent, otherwise null (for public routes). */
export const OptionalUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser | null =>
    ctx.switchToHttp().getRequest<RequestWithUser>().user ?? null,
);
