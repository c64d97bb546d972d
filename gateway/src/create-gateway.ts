import fastifyStatic from '@fastify/static';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { TokenVerifier } from '@loadout/auth';
import { createApp, type CspPaymentOrigins } from '@loadout/http';
import { AppModule } from './app.module';
import { registerJsonCompression } from './compression/json-compression';
import { type GatewayConfig, upstreamUrls } from './gateway.config';
import { attachWebSocketProxy } from './proxy/websocket-proxy';
import { RateLimiter } from './rate-limit/rate-limiter';
import { BrowseCache } from './browse-cache/browse-cache';
import { registerApiProxy } from './proxy/api-proxy';
import { Forwarder } from './proxy/forwarder';

/**
 * API calls and sign-in traffic count towards the per-client limit; static files and listing
 * images (immutable, cached by the browser) do not, nor processor webhooks (Stripe sends
 * bursts from a few addresses and each is authenticated by its signature at the service).
 */
const RATE_LIMITED = /^\/(api\/(?!v1\/(?:images|webhooks)\/)|oidc\/|auth\/interaction\/)/;
export const isRateLimited = (url: string): boolean => RATE_LIMITED.test(url);

/**
 * The sign-in provider's browser-facing origin, from the token issuer (Keycloak's issuer is its
 * frontend URL + /realms/<realm>): keycloak-js calls its token endpoint and frames its
 * check-sso page, so the CSP must allow it. The embedded provider is the gateway's own origin
 * ('self'), and nothing is added for it.
 */
export function identityProviderOrigins(config: Pick<GatewayConfig, 'AUTH_ISSUER'>): string[] {
  if (!config.AUTH_ISSUER) return [];
  return [new URL(config.AUTH_ISSUER).origin];
}

/**
 * Stripe.js is loaded from js.stripe.com, which frames its card fields there and 3-D Secure on
 * hooks.stripe.com, and calls api.stripe.com (Stripe's published CSP list for Stripe.js).
 */
export const STRIPE_CSP: CspPaymentOrigins = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/** The gateway app, configured but not listening (tests listen on port 0). */
export async function createGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  const app = await createApp(AppModule.register(config), {
    corsOrigins: config.CORS_ORIGINS,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    bodyParser: false,
    cspExtraOrigins: config.CSP_EXTRA_ORIGINS,
    cspIdentityOrigins: identityProviderOrigins(config),
    ...(config.PAYMENTS_PROVIDER === 'stripe' && { cspPayments: STRIPE_CSP }),
    // The gateway believes X-Forwarded-For from its configured load balancers only (ADR 0009).
    trustedProxies: config.TRUSTED_PROXIES,
    clientIpHeader: false,
    managementPort: config.MANAGEMENT_PORT,
  });
  const fastify = app.getHttpAdapter().getInstance();

  // Bodies are forwarded byte for byte; the owning service parses and validates them.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Only decorates reply.sendFile; routes are the FrontendsController's. `preCompressed`: the
  // build's .br/.gz copies are sent with Content-Encoding and Vary (issue 12).
  await fastify.register(fastifyStatic, { root: process.cwd(), serve: false, preCompressed: true });
  registerJsonCompression(fastify);

  const limiter = app.get(RateLimiter);
  fastify.addHook('onRequest', (req, reply, done) => {
    if (isRateLimited(req.url)) limiter.onRequest(req, reply, done);
    else done();
  });
  registerApiProxy(fastify, {
    forwarder: app.get(Forwarder),
    cache: app.get(BrowseCache),
    verifier: app.get(TokenVerifier),
  });
  attachWebSocketProxy(app.getHttpServer(), upstreamUrls(config).messaging);
  return app;
}
