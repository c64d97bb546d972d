import type { IncomingMessage, ServerResponse } from 'node:http';
import { storage, Store } from 'nestjs-pino/storage';
import { pinoHttp, type HttpLogger, type Options } from 'pino-http';
import { traceLogFields } from '@loadout/tracing';
import { requestIdFor } from './request-id';

export const REQUEST_LOG = Symbol('REQUEST_LOG');

export interface RequestLogOptions {
  serviceName: string;
  logLevel: string;
  prettyLogs?: boolean;
  /** URL prefixes without a request log line (the gateway's proxied API calls). */
  excludePrefixes?: string[];
}

/**
 * The request log and the request-scoped logger, as a Fastify `onRequest` hook (`run`) rather
 * than nestjs-pino's Nest middleware: the same pino-http line per request and the same logger
 * in nestjs-pino's AsyncLocalStorage for whatever logs while the request runs, without Nest's
 * middleware runner (`@fastify/middie`) and its path matching on every request (issue 28).
 */
export class RequestLog {
  readonly http: HttpLogger<IncomingMessage, ServerResponse>;
  private readonly exclude: string[];

  constructor(options: RequestLogOptions) {
    this.exclude = options.excludePrefixes ?? [];
    this.http = pinoHttp(pinoHttpOptions(options));
  }

  /** Logs the request when it ends and runs `next` with its logger as the current one. */
  run(req: IncomingMessage, res: ServerResponse, url: string, next: () => void): void {
    if (this.exclude.some((prefix) => url.startsWith(prefix))) {
      next();
      return;
    }
    this.http(req, res);
    storage.run(new Store((req as IncomingMessage & { log: Store['logger'] }).log), next);
  }
}

function pinoHttpOptions(options: RequestLogOptions): Options {
  return {
    level: options.logLevel,
    name: options.serviceName,
    genReqId: (req) => requestIdFor(req),
    customProps: () => ({ service: options.serviceName }),
    // trace_id and span_id of the active span (tracing on, ADR 0040): a log line leads
    // to its trace, and a trace to its log lines.
    mixin: () => traceLogFields(),
    // Method, path and status only: headers carry tokens and cookies, bodies personal data.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => /^\/(health|metrics)/.test(req.url ?? '') },
    transport: options.prettyLogs
      ? { target: 'pino-pretty', options: { singleLine: true } }
      : undefined,
  };
}
