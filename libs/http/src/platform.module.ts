import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule, type TokenVerifierOptions } from '@loadout/auth';
import { traceLogFields } from '@loadout/tracing';
import { ErrorFilter } from './error.filter';
import { HealthController, ReadinessRegistry } from './health';
import { MetricsController, MetricsService } from './metrics';
import { requestIdFor } from './request-id';

export interface PlatformOptions {
  serviceName: string;
  logLevel: string;
  auth: TokenVerifierOptions;
  /** Pretty logs for humans in development; JSON otherwise. */
  prettyLogs?: boolean;
  /**
   * Paths (Nest route syntax) without a request log line: the gateway's proxied API calls,
   * which the owning service logs with the same request id.
   */
  requestLogExclude?: string[];
}

/** What every Nest app gets: logs with request ids, auth guard, errors, health, metrics. */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [
        LoggerModule.forRoot({
          ...(options.requestLogExclude?.length
            ? {
                exclude: options.requestLogExclude.map((path) => ({
                  path,
                  method: RequestMethod.ALL,
                })),
              }
            : {}),
          pinoHttp: {
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
          },
        }),
        AuthModule.forRoot(options.auth),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        ReadinessRegistry,
        MetricsService,
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
      exports: [ReadinessRegistry, MetricsService],
    };
  }
}
