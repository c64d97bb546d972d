import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { notFoundError } from '@loadout/errors';
import { AcceptsBody } from '@loadout/http';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { Forwarder } from './forwarder';
import { ownerOfPage } from './route-table';

/**
 * Pages the browser must reach on the gateway's own origin: the OpenID Connect provider and its
 * interaction endpoints (same-origin cookies), and the development mailbox.
 */
@ApiExcludeController()
@Controller()
// The provider's token and logout endpoints take form posts.
@AcceptsBody('*')
export class PageProxyController {
  constructor(
    private readonly forwarder: Forwarder,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @All(['oidc', 'oidc/*', 'auth/interaction/*', 'dev/mailbox', 'dev/mailbox/*'])
  async forward(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const service = ownerOfPage(req.url, { devMailbox: this.config.DEV_MAILBOX === 'on' });
    if (!service) throw notFoundError('COMMON.NOT_FOUND', 'No such page.');
    this.forwarder.reply(reply, await this.forwarder.send(service, req), true);
  }
}
