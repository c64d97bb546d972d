import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule, type TokenVerifierOptions } from '@loadout/auth';
import { ErrorFilter } from './error.filter';
import { HealthController, ReadinessRegistry } from './health';
import { MetricsController, MetricsService } from './metrics';
import { REQUEST_LOG, RequestLog } from './request-log';

export interface PlatformOptions {
  serviceName: string;
  logLevel: string;
  auth: TokenVerifierOptions;
  /** Pretty logs for humans in development; JSON otherwise. */
  prettyLogs?: boolean;
  /**
   * URL prefixes without a request log line: the gateway's proxied API calls, which the owning
   * service logs with the same request id.
   */
  requestLogExclude?: string[];
}

/** What every Nest app gets: logs with request ids, auth guard, errors, health, metrics. */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const requestLog = new RequestLog({
      serviceName: options.serviceName,
      logLevel: options.logLevel,
      prettyLogs: options.prettyLogs,
      excludePrefixes: options.requestLogExclude,
    });
    return {
      module: PlatformModule,
      global: true,
      imports: [
        // The logger only: the request log runs as a Fastify hook (RequestLog, createApp), so
        // no Nest middleware is registered (no route for nestjs-pino's own).
        LoggerModule.forRoot({ pinoHttp: { logger: requestLog.http.logger }, forRoutes: [] }),
        AuthModule.forRoot(options.auth),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        ReadinessRegistry,
        MetricsService,
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: REQUEST_LOG, useValue: requestLog },
      ],
      exports: [ReadinessRegistry, MetricsService, REQUEST_LOG],
    };
  }
}
