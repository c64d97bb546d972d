import { PassThrough, type Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Agent, type Dispatcher } from 'undici';
import { AppError } from '@loadout/errors';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** An answer whose body is a Buffer when small, else a stream of the upstream's bytes. */
export interface StreamedUpstreamResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer | Readable;
}

export interface UpstreamRequest {
  method: string;
  /** The service's origin (`http://host:port`). */
  origin: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
}

/** Origin and path of `path` on a service whose base URL (`UPSTREAM_<NAME>_URL`) is `base`. */
export function upstreamTarget(base: string, path: string): { origin: string; path: string } {
  const url = new URL(base);
  return { origin: url.origin, path: url.pathname.replace(/\/$/, '') + path };
}

/**
 * Bodies up to this size (by their Content-Length) are gathered and sent in one write; larger
 * ones, and those of unknown length, are streamed to the client as they arrive.
 */
export const COALESCE_BYTES = 64 * 1024;

/**
 * Keep-alive HTTP client to the services; connection failures become
 * GATEWAY.UPSTREAM_UNAVAILABLE. At most UPSTREAM_CONNECTIONS sockets per service.
 */
@Injectable()
export class UpstreamClient implements OnApplicationShutdown {
  private readonly agent: Agent;
  private readonly log = new Logger(UpstreamClient.name);

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'UPSTREAM_CONNECTIONS'>) {
    this.agent = new Agent({
      connections: config.UPSTREAM_CONNECTIONS,
      pipelining: 1,
      // The services (Fastify) keep idle sockets 72 s and say so; close ours first.
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 60_000,
    });
  }

  /** The whole answer in memory (the browse cache, the sign-in pages). */
  async send(service: string, req: UpstreamRequest): Promise<UpstreamResponse> {
    const res = await this.open(service, req);
    if (Buffer.isBuffer(res.body)) return { ...res, body: res.body };
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    return { ...res, body: Buffer.concat(chunks) };
  }

  /**
   * Sends the request; resolves at the answer's headers when its body is streamed, or at its
   * end when it is small enough to gather (see COALESCE_BYTES).
   */
  open(service: string, req: UpstreamRequest): Promise<StreamedUpstreamResponse> {
    return new Promise((resolve, reject) => {
      let status = 0;
      let headers: Record<string, string | string[]> = {};
      let chunks: Buffer[] = [];
      let size = 0;
      let stream: PassThrough | null = null;
      const handler: Dispatcher.DispatchHandler = {
        // Present so that undici takes this handler's (current) API.
        onRequestStart: () => undefined,
        onResponseStart: (controller, statusCode, responseHeaders) => {
          if (statusCode < 200) return;
          status = statusCode;
          headers = responseHeaders as Record<string, string | string[]>;
          const length = Number(headers['content-length']);
          if (length <= COALESCE_BYTES) return;
          const body = new PassThrough();
          stream = body;
          body.on('drain', () => controller.resume());
          // The client went away: stop reading from the service too.
          body.on('close', () => {
            if (!body.writableFinished) controller.abort(new Error('client closed'));
          });
          resolve({ status, headers, body });
        },
        onResponseData: (controller, chunk) => {
          if (stream) {
            if (!stream.write(chunk)) controller.pause();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        },
        onResponseEnd: () => {
          if (stream) {
            stream.end();
            return;
          }
          const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
          chunks = [];
          resolve({ status, headers, body });
        },
        onResponseError: (_controller, err) => {
          if (stream) stream.destroy(err);
          else reject(this.unavailable(service, req, err));
        },
      };
      try {
        this.agent.dispatch(
          {
            origin: req.origin,
            path: req.path,
            method: req.method as Dispatcher.HttpMethod,
            headers: req.headers,
            body: req.body && req.body.length > 0 ? req.body : undefined,
            headersTimeout: req.timeoutMs,
            bodyTimeout: req.timeoutMs,
          },
          handler,
        );
      } catch (err) {
        reject(this.unavailable(service, req, err));
      }
    });
  }

  private unavailable(service: string, req: UpstreamRequest, err: unknown): AppError {
    // Why, for the operator (the caller gets the house error): the path without its query.
    const e = err as { code?: string; name?: string; message?: string };
    this.log.warn(
      `${service} unavailable for ${req.method} ${req.path.split('?')[0]} (request ${req.headers['x-request-id'] ?? '-'}): ${e.code ?? e.name ?? 'error'} ${e.message ?? ''}`.trim(),
    );
    return new AppError(
      'GATEWAY.UPSTREAM_UNAVAILABLE',
      `The ${service} service is unavailable right now. Please try again shortly.`,
      'unavailable',
      { service },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}
