import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@loadout/errors';
import { clientIpOf } from '@loadout/http';
import {
  GATEWAY_CONFIG,
  upstreamUrls,
  type GatewayConfig,
  type ServiceName,
} from '../gateway.config';
import { clientResponseHeaders, upstreamRequestHeaders } from './forwarded-headers';
import {
  UpstreamClient,
  upstreamTarget,
  type StreamedUpstreamResponse,
  type UpstreamRequest,
  type UpstreamResponse,
} from './upstream-client';

/** Sends the incoming request to a service unchanged (path, query, raw body, allowed headers). */
@Injectable()
export class Forwarder {
  /** Origin and path prefix of each configured service, parsed once. */
  private readonly upstreams: Partial<Record<ServiceName, { origin: string; path: string }>> = {};

  constructor(
    private readonly client: UpstreamClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    for (const [service, base] of Object.entries(upstreamUrls(config)))
      this.upstreams[service as ServiceName] = upstreamTarget(base, '');
  }

  /** The whole answer in memory (cached browse pages, the sign-in pages). */
  send(service: ServiceName, req: FastifyRequest): Promise<UpstreamResponse> {
    return this.client.send(service, this.upstreamRequest(service, req));
  }

  /** Forwards and replies with the service's answer, its body streamed when large. */
  async pipe(service: ServiceName, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    this.reply(reply, await this.client.open(service, this.upstreamRequest(service, req)));
  }

  /** Replies with the service's answer; `ownPage` keeps the service's CSP (its pages, its scripts). */
  reply(
    reply: FastifyReply,
    upstream: UpstreamResponse | StreamedUpstreamResponse,
    ownPage = false,
  ): void {
    const headers = clientResponseHeaders(upstream.headers);
    const csp = upstream.headers['content-security-policy'];
    if (ownPage && csp) headers['content-security-policy'] = csp;
    void reply.status(upstream.status).headers(headers).send(upstream.body);
  }

  private upstreamRequest(service: ServiceName, req: FastifyRequest): UpstreamRequest {
    const target = this.upstreams[service];
    if (!target) {
      throw new AppError(
        'GATEWAY.UPSTREAM_UNAVAILABLE',
        `The ${service} service is not available in this deployment.`,
        'unavailable',
        { service },
      );
    }
    return {
      method: req.method,
      origin: target.origin,
      path: target.path + req.url,
      headers: upstreamRequestHeaders(req.headers, {
        requestId: String(req.id),
        clientIp: clientIpOf(req),
        host: req.host,
        protocol: req.protocol,
      }),
      body: Buffer.isBuffer(req.body) ? req.body : undefined,
      timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
    };
  }
}
