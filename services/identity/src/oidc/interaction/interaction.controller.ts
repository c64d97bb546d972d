import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { clientIpOf } from '@loadout/http';
import { InteractionView, RedirectView, SignInDto } from './interaction.dto';
import { InteractionHandler } from './interaction.handler';

/**
 * Under /auth because the provider scopes its interaction cookie to the path of the
 * interaction page (`/auth?uid=…`): the gateway forwards /auth/interaction/* here.
 */
@ApiTags('sign-in (embedded provider)')
@Controller('auth/interaction')
export class InteractionController {
  constructor(private readonly handler: InteractionHandler) {}

  @Public()
  @Get(':uid')
  @ApiOperation({ summary: 'The pending sign-in request: { uid, prompt }' })
  details(
    @Param('uid') uid: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InteractionView> {
    void reply.header('cache-control', 'no-store');
    return this.handler.details(uid, { req: req.raw, res: reply.raw });
  }

  @Public()
  @Post(':uid/login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in (login and consent in one step): { redirectTo }' })
  login(
    @Param('uid') uid: string,
    @Body() body: SignInDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RedirectView> {
    void reply.header('cache-control', 'no-store');
    return this.handler.login(
      uid,
      body,
      { ip: clientIpOf(req), requestId: String(req.id) },
      { req: req.raw, res: reply.raw },
    );
  }

  @Public()
  @Post(':uid/abort')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel signing in: { redirectTo } back to the client with an error' })
  abort(
    @Param('uid') uid: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RedirectView> {
    void reply.header('cache-control', 'no-store');
    return this.handler.abort(uid, { req: req.raw, res: reply.raw });
  }
}
