import { Inject, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { type KeyValueStore } from '@loadout/cache';
import { PlatformModule, ReadinessRegistry } from '@loadout/http';
import { ApiDocsController } from './api-docs/api-docs.controller';
import { BrowseCache } from './browse-cache/browse-cache';
import { SeoController } from './seo/seo.controller';
import { FrontendsController } from './frontends/frontends.controller';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway.config';
import { KEY_VALUE_STORE, keyValueStoreProvider } from './kv-store.provider';
import { Forwarder } from './proxy/forwarder';
import { PageProxyController } from './proxy/proxy.controller';
import { UpstreamClient } from './proxy/upstream-client';
import { RateLimiter } from './rate-limit/rate-limiter';

@Module({})
export class AppModule implements OnModuleInit {
  constructor(
    private readonly readiness: ReadinessRegistry,
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
  ) {}

  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          serviceName: 'gateway',
          logLevel: config.LOG_LEVEL,
          prettyLogs: config.NODE_ENV === 'development',
          // Each service logs the requests it answers, under the gateway's request id.
          requestLogExclude: ['/api/v1/'],
          auth: {
            issuer: config.AUTH_ISSUER,
            jwksUrl: config.AUTH_JWKS_URL,
            audience: config.AUTH_AUDIENCE,
            sessionsUrl: config.AUTH_SESSIONS_URL,
          },
        }),
      ],
      // Order matters: the catch-all shell route must be registered last. /api/v1/* is a plain
      // Fastify route (proxy/api-proxy.ts), registered by createGateway.
      controllers: [ApiDocsController, PageProxyController, SeoController, FrontendsController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        keyValueStoreProvider,
        UpstreamClient,
        Forwarder,
        BrowseCache,
        RateLimiter,
      ],
    };
  }

  onModuleInit(): void {
    this.readiness.register({
      name: this.store.kind === 'redis' ? 'redis' : 'cache',
      check: () => this.store.ping(),
    });
  }
}
