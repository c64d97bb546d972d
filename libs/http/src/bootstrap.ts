import type { IncomingMessage, Server } from 'node:http';
import cors from '@fastify/cors';
import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { validationError } from '@loadout/errors';
import { JsonOnlyGuard } from './content-type';
import { proxyMatcher, resolveClientIp, trustedProxiesFromEnv } from './client-ip';
import {
  clientErrorHandler,
  frameworkErrors,
  houseErrorHandler,
  jsonDepthExceeds,
} from './framework-errors';
import { guardManagementPaths, startManagementListener } from './management';
import { MetricsService } from './metrics';
import { requestContext } from './process-guards';
import { requestIdFor } from './request-id';
import { REQUEST_LOG, type RequestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { createValidationPipe } from './validation';

/** A request body's limit unless the app sets its own (the services keep it). */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

export interface CreateAppOptions {
  corsOrigins: string[];
  /** Title of the OpenAPI document served at /openapi.json; omit to serve none. */
  openApiTitle?: string;
  bodyLimitBytes?: number;
  /** false leaves body parsing to the caller (the gateway forwards raw bytes). */
  bodyParser?: boolean;
  /** Origins besides 'self' that pages may load images from and upload to (e.g. MinIO). */
  cspExtraOrigins?: string[];
  /**
   * Origins besides 'self' that pages may call and frame: the identity provider (keycloak-js
   * posts to its token endpoint and runs silent check-sso in an iframe on it).
   */
  cspIdentityOrigins?: string[];
  /** A card processor's script, frame and API origins (Stripe.js), when payments use one. */
  cspPayments?: CspPaymentOrigins;
  /**
   * Hops (IPs/CIDRs) whose X-Forwarded-For and client-IP header are believed. Default:
   * `TRUSTED_PROXIES` from the environment, which defaults to nobody (ADR 0009).
   */
  trustedProxies?: string[];
  /**
   * Believe the gateway's client-IP header from a trusted hop (services). The gateway itself
   * passes false: its trusted hops are load balancers, which speak X-Forwarded-For only.
   */
  clientIpHeader?: boolean;
  /**
   * Serve `/metrics` and `/health/ready` only on this second port (the gateway: its public
   * port faces the internet). `listen` opens it; 0 picks a free one.
   */
  managementPort?: number;
}

export interface CspPaymentOrigins {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
}

const MANAGEMENT_PORTS = new WeakMap<object, number>();

/** Browser features no page of ours uses are switched off for every response. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=(), browsing-topics=()';

/** Nesting deeper than this is refused before parsing (class-transformer recursion). */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON is the only body type the app parses by itself: Nest's form-encoded parser and
 * Fastify's text parser are removed, and JSON deeper than MAX_JSON_DEPTH is refused with a 400
 * before it is parsed. Routes that take bytes add their own parser. A body of any other type is
 * left unread, so the route's JsonOnlyGuard answers the 415 naming the types that route
 * takes (Fastify's own 415 cannot know them).
 */
function useJsonOnlyParsers(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(
        validationError(
          'COMMON.JSON_TOO_DEEP',
          `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
        ),
        undefined,
      );
      return;
    }
    return parseJson(req, body as string, done);
  });
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

/**
 * The root's error handler is the house one, set once when the adapter is made, so scopes
 * registered before Nest's init (identity's /oidc) inherit it too (hardening.int-spec, "a JSON
 * body in an early scope"). Nest would set its own at init, which answers the same through our
 * ErrorFilter; setting a second one on the root is what made Fastify print FSTWRN004 at every
 * start, so Nest's call is declined here.
 */
class HouseFastifyAdapter extends FastifyAdapter {
  constructor(options: FastifyServerOptions) {
    super(options);
    this.getInstance().setErrorHandler(houseErrorHandler);
  }

  override setErrorHandler(): ReturnType<FastifyAdapter['setErrorHandler']> {
    return this.getInstance();
  }
}

/** Builds a Nest app on Fastify with the platform's HTTP conventions, ready to `listen`. */
export async function createApp(
  module: Type<unknown> | DynamicModule,
  options: CreateAppOptions,
): Promise<NestFastifyApplication> {
  const isTrusted = proxyMatcher(options.trustedProxies ?? trustedProxiesFromEnv());
  const adapter = new HouseFastifyAdapter({
    genReqId: (req: IncomingMessage) => requestIdFor(req),
    // Only listed hops may speak for the client; with none, req.ip is the socket peer.
    trustProxy: (address: string) => isTrusted(address),
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // Router and HTTP-parser errors answer in the house shape too (finding 7).
    frameworkErrors,
    clientErrorHandler,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bufferLogs: true,
    // Parsers are ours (useJsonOnlyParsers), not Nest's JSON + form-encoded pair.
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.useGlobalPipes(createValidationPipe());
  // After the auth guard (APP_GUARD, registered while Nest built the app): 401 before 415.
  app.useGlobalGuards(new JsonOnlyGuard(app.get(Reflector)));

  const fastify = app.getHttpAdapter().getInstance();
  if (options.bodyParser ?? true) useJsonOnlyParsers(fastify);
  const extra = options.cspExtraOrigins ?? [];
  // One object set per request: helmet's headers and the permissions policy.
  const identity = options.cspIdentityOrigins ?? [];
  const payments = options.cspPayments ?? { scriptSrc: [], frameSrc: [], connectSrc: [] };
  const headers = await securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...payments.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        connectSrc: ["'self'", ...extra, ...identity, ...payments.connectSrc],
        // 'self': keycloak-js's silent check-sso runs in a same-origin iframe.
        frameAncestors: ["'self'"],
        frameSrc: ["'self'", ...identity, ...payments.frameSrc],
        // Not here: it would turn http://localhost frames into https ones. TLS deployments send HSTS.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  await fastify.register(cors, {
    origin: options.corsOrigins,
    credentials: true,
    exposedHeaders: ['x-request-id', 'etag'],
    // A malformed preflight goes on to the router (a house-shaped 404), not a text/plain 400.
    strictPreflight: false,
  });

  const metrics = app.get(MetricsService);
  const honourHeader = options.clientIpHeader ?? true;
  fastify.decorateRequest('clientIp', undefined);
  // One hook, not an async one per concern (each costs a promise and a microtask per request):
  // the client address, the security headers and the request id on the answer, then the
  // request's log line and logger (RequestLog) and its id for whatever runs for it (the fatal
  // line of installProcessGuards).
  const requestLog = requestLogOf(app);
  fastify.addHook('onRequest', (req, reply, done) => {
    (req as FastifyRequest & { clientIp?: string }).clientIp = resolveClientIp(
      req,
      isTrusted,
      honourHeader,
    );
    void reply.headers(headers);
    void reply.header('x-request-id', req.id);
    const next = () => requestContext.run({ requestId: String(req.id) }, done);
    if (requestLog) requestLog.run(req.raw, reply.raw, req.url, next);
    else next();
  });
  fastify.addHook('onSend', (req, reply, payload, done) => {
    // Anything answered to a bearer of a token is personal: never stored by any cache.
    if (req.headers.authorization) {
      void reply.header('cache-control', 'no-store');
      void reply.header('vary', 'Authorization');
    }
    done(null, payload);
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (options.managementPort !== undefined) {
    guardManagementPaths(fastify);
    MANAGEMENT_PORTS.set(app, options.managementPort);
  }

  if (options.openApiTitle) {
    const doc = buildOpenApi(app, options.openApiTitle);
    fastify.get('/openapi.json', async () => doc);
  }
  return app;
}

/** The PlatformModule's request log; an app without that module logs no requests. */
function requestLogOf(app: INestApplication): RequestLog | null {
  try {
    return app.get<RequestLog>(REQUEST_LOG, { strict: false });
  } catch {
    return null;
  }
}

export function buildOpenApi(app: INestApplication, title: string): OpenAPIObject {
  const config = new DocumentBuilder().setTitle(title).setVersion('1').addBearerAuth().build();
  return SwaggerModule.createDocument(app, config);
}

/** Listens and logs the address; exits non-zero with a clear message when the port is taken. */
export async function listen(
  app: NestFastifyApplication,
  port: number,
  host: string,
  name: string,
): Promise<void> {
  const managementPort = MANAGEMENT_PORTS.get(app);
  try {
    await app.listen(port, host);
    if (managementPort !== undefined) {
      const management = await startManagementListener(
        app.getHttpAdapter().getInstance(),
        managementPort,
        host,
      );
      // Closed with the app (Ctrl-C, SIGTERM): no second process to manage. Nest hands out a
      // proxy of the app, so a replaced `app.close` is never called: follow the server instead.
      (app.getHttpServer() as Server).once('close', () => {
        management.close().catch(() => undefined); // its close never fails: nothing to report
      });
      app
        .get(Logger)
        .log(`${name} management (metrics, readiness) on http://${host}:${management.port}`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `${name}: port ${(err as { port?: number }).port ?? port} is already in use on ${host}. Stop the other process or set PORT (MANAGEMENT_PORT for the management listener).`,
      );
      process.exit(1);
    }
    throw err;
  }
  app.get(Logger).log(`${name} listening on http://${host}:${port}`);
}
