import { Body, Controller, Get, Param, Patch, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser, OptionalUser, Public, type AuthUser } from '@loadout/auth';
import { noUserAuthenticated } from '../domain/account.errors';
import { type OwnProfile, type PublicProfile } from '../persistence/user.mapper';
import { UpdateProfileDto } from './profile.dto';
import { ProfileHandler } from './profile.handler';

@ApiTags('profiles')
@Controller('api/v1')
export class ProfileController {
  constructor(private readonly handler: ProfileHandler) {}

  @Authenticated()
  @ApiBearerAuth()
  @Get('me')
  @ApiOperation({ summary: 'Own profile (keycloak mode: created from the token on first call)' })
  me(@CurrentUser() user: AuthUser, @Req() req: FastifyRequest): Promise<OwnProfile> {
    return this.handler.me(user, String(req.id));
  }

  // Public so an anonymous call gets the seed's own message ("No user authenticated").
  @Public()
  @ApiBearerAuth()
  @Patch('me')
  @ApiOperation({ summary: 'Update own profile fields' })
  update(
    @OptionalUser() user: AuthUser | null,
    @Body() body: UpdateProfileDto,
    @Req() req: FastifyRequest,
  ): Promise<OwnProfile> {
    if (!user) throw noUserAuthenticated();
    return this.handler.update(user, body, String(req.id));
  }

  @Public()
  @Get('users/:username')
  @ApiOperation({ summary: 'Public profile by username (no email)' })
  publicProfile(@Param('username') username: string): Promise<PublicProfile> {
    return this.handler.publicProfile(username);
  }
}
