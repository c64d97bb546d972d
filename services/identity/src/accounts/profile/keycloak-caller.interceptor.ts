import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { type Observable } from 'rxjs';
import { type AuthUser } from '@loadout/auth';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { accountDeleted, accountSuspended } from '../domain/account.errors';
import { isSuspended } from '../domain/suspension';
import { KeycloakProvisioner } from './keycloak-provisioner';

/**
 * Keycloak mode: whichever identity route a signed-in caller reaches first, their profile
 * exists afterwards (created from the token), and a suspended account is refused everywhere —
 * Keycloak still issues tokens to it, so the check has to live here. Embedded mode refuses
 * suspended accounts at sign-in and needs neither.
 */
@Injectable()
export class KeycloakCallerInterceptor implements NestInterceptor {
  constructor(
    private readonly provisioner: KeycloakProvisioner,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (this.config.IDENTITY_PROVIDER === 'keycloak' && context.getType() === 'http') {
      const req = context.switchToHttp().getRequest<{ user?: AuthUser | null; id: unknown }>();
      if (req.user) {
        const user = await this.provisioner.ensure(req.user, String(req.id));
        if (user.deletedAt) throw accountDeleted();
        if (isSuspended(user)) throw accountSuspended(user.suspendedReason, user.suspendedUntil);
      }
    }
    return next.handle();
  }
}
