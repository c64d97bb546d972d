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
import { UpstreamClient, type UpstreamResponse } from './upstream-client';

/** Sends the incoming request to a service unchanged (path, query, raw body, allowed headers). */
@Injectable()
export class Forwarder {
  private readonly upstreams: Partial<Record<ServiceName, string>>;

  constructor(
    private readonly client: UpstreamClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.upstreams = upstreamUrls(config);
  }

  async send(service: ServiceName, req: FastifyRequest): Promise<UpstreamResponse> {
    const base = this.upstreams[service];
    if (!base) {
      throw new AppError(
        'GATEWAY.UPSTREAM_UNAVAILABLE',
        `The ${service} service is not available in this deployment.`,
        'unavailable',
        { service },
      );
    }
    return this.client.send(service, {
      method: req.method,
      url: base + req.url,
      headers: upstreamRequestHeaders(req.headers, {
        requestId: String(req.id),
        clientIp: clientIpOf(req),
        host: req.host,
        protocol: req.protocol,
      }),
      body: Buffer.isBuffer(req.body) ? req.body : undefined,
      timeoutMs: this.config.UPSTREAM_TIMEOUT_MS,
    });
  }

  /** Replies with the service's answer; `ownPage` keeps the service's CSP (its pages, its scripts). */
  reply(reply: FastifyReply, upstream: UpstreamResponse, ownPage = false): void {
    const headers = clientResponseHeaders(upstream.headers);
    const csp = upstream.headers['content-security-policy'];
    if (ownPage && csp) headers['content-security-policy'] = csp;
    void reply.status(upstream.status).headers(headers).send(upstream.body);
  }
}
