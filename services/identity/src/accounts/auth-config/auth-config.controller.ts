import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type AuthConfig } from '@loadout/contracts';
import { IDENTITY_CONFIG, WEB_CLIENT_ID, type IdentityConfig } from '../../identity.config';

/** What the shell's keycloak-js needs to start a session in either identity mode. */
@ApiTags('auth')
@Controller('api/v1/auth')
export class AuthConfigController {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  @Public()
  @Get('config')
  @ApiOperation({ summary: 'Sign-in configuration for keycloak-js' })
  get(): AuthConfig {
    const c = this.config;
    return c.IDENTITY_PROVIDER === 'keycloak'
      ? { mode: 'keycloak', url: c.KEYCLOAK_URL!, realm: c.KEYCLOAK_REALM, clientId: WEB_CLIENT_ID }
      : { mode: 'embedded', issuer: c.OIDC_ISSUER, clientId: WEB_CLIENT_ID };
  }
}
