import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { AppError } from '@loadout/errors';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface UpstreamRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
}

/** Keep-alive HTTP client to the services; connection failures become GATEWAY.UPSTREAM_UNAVAILABLE. */
@Injectable()
export class UpstreamClient implements OnApplicationShutdown {
  private readonly agent = new Agent({ keepAliveTimeout: 10_000, connections: 256, pipelining: 1 });
  private readonly log = new Logger(UpstreamClient.name);

  async send(service: string, req: UpstreamRequest): Promise<UpstreamResponse> {
    try {
      const res = await request(req.url, {
        method: req.method as 'GET',
        headers: req.headers,
        body: req.body && req.body.length > 0 ? req.body : undefined,
        dispatcher: this.agent,
        headersTimeout: req.timeoutMs,
        bodyTimeout: req.timeoutMs,
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      return {
        status: res.statusCode,
        headers: res.headers as Record<string, string | string[]>,
        body,
      };
    } catch (err) {
      // Why, for the operator (the caller gets the house error): the path without its query.
      const e = err as { code?: string; name?: string; message?: string };
      this.log.warn(
        `${service} unavailable for ${req.method} ${new URL(req.url).pathname}: ${e.code ?? e.name ?? 'error'} ${e.message ?? ''}`.trim(),
      );
      throw new AppError(
        'GATEWAY.UPSTREAM_UNAVAILABLE',
        `The ${service} service is unavailable right now. Please try again shortly.`,
        'unavailable',
        {
          service,
        },
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}
