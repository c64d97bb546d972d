import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { Authenticated, bearerToken, CurrentUser, type AuthUser } from '@loadout/auth';
import { SignOutDto } from './sign-out.dto';
import { SignOutHandler } from './sign-out.handler';

@ApiTags('auth')
@Controller('api/v1/auth/sign-out')
export class SignOutController {
  constructor(private readonly handler: SignOutHandler) {}

  @Authenticated()
  @ApiBearerAuth()
  @Post()
  @HttpCode(204)
  @ApiOperation({ summary: "End this session's tokens (or every session's, with everywhere)" })
  async signOut(
    @CurrentUser() user: AuthUser,
    @Body() body: SignOutDto,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    // The guard verified this token; only its sid is read here. One that is not a session id
    // of ours or Keycloak's (a UUID) names no session: the handler ends them all.
    const sid = decodeJwt(bearerToken(req.headers.authorization)!)['sid'];
    const known = typeof sid === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(sid) ? sid : null;
    await this.handler.signOut(user.id, known, !!body.everywhere);
  }
}
