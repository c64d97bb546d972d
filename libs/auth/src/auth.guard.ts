import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, signInRequiredError } from '@loadout/errors';
import { ACCESS_KEY, type Access, type RequestWithUser } from './decorators';
import { bearerToken, TokenVerifier } from './token-verifier';

/** Global guard: resolves the bearer token and enforces each route's declared access. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    if (!access) {
      throw new AppError(
        'AUTH.ROUTE_NOT_DECLARED',
        'This route does not declare who may call it.',
        'forbidden',
      );
    }
    const req = ctx
      .switchToHttp()
      .getRequest<RequestWithUser & { headers: Record<string, string | string[] | undefined> }>();
    const token = bearerToken(req.headers['authorization']);
    // A bad token is refused even on public routes: the client believes it is signed in.
    req.user = token ? await this.verifier.verify(token) : null;

    switch (access.kind) {
      case 'public':
        return true;
      case 'authenticated':
        if (!req.user) throw signInRequiredError();
        return true;
      case 'roles':
        if (!req.user) throw signInRequiredError();
        if (!access.roles.some((r) => req.user!.roles.includes(r))) {
          throw new AppError(
            'AUTH.FORBIDDEN',
            "You don't have permission to do that.",
            'forbidden',
          );
        }
        return true;
    }
  }
}
