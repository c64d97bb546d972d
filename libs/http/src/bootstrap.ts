import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { MetricsService } from './metrics';
import { requestIdFor } from './request-id';
import { createValidationPipe } from './validation';

export interface CreateAppOptions {
  corsOrigins: string[];
  /** Title of the OpenAPI document served at /openapi.json; omit to serve none. */
  openApiTitle?: string;
  bodyLimitBytes?: number;
  /** false leaves body parsing to the caller (the gateway forwards raw bytes). */
  bodyParser?: boolean;
  /** Origins besides 'self' that pages may load images from and upload to (e.g. MinIO). */
  cspExtraOrigins?: string[];
}

/** Builds a Nest app on Fastify with the platform's HTTP conventions, ready to `listen`. */
export async function createApp(
  module: Type<unknown> | DynamicModule,
  options: CreateAppOptions,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    genReqId: (req: IncomingMessage) => requestIdFor(req),
    trustProxy: true,
    bodyLimit: options.bodyLimitBytes ?? 1_048_576,
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bufferLogs: true,
    bodyParser: options.bodyParser ?? true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.useGlobalPipes(createValidationPipe());

  const fastify = app.getHttpAdapter().getInstance();
  const extra = options.cspExtraOrigins ?? [];
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        connectSrc: ["'self'", ...extra],
        // 'self': keycloak-js's silent check-sso runs in a same-origin iframe.
        frameAncestors: ["'self'"],
        frameSrc: ["'self'"],
        // Not here: it would turn http://localhost frames into https ones. TLS deployments send HSTS.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await fastify.register(cors, {
    origin: options.corsOrigins,
    credentials: true,
    exposedHeaders: ['x-request-id', 'etag'],
  });

  const metrics = app.get(MetricsService);
  fastify.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  fastify.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  if (options.openApiTitle) {
    const doc = buildOpenApi(app, options.openApiTitle);
    fastify.get('/openapi.json', async () => doc);
  }
  return app;
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
  try {
    await app.listen(port, host);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `${name}: port ${port} is already in use on ${host}. Stop the other process or set PORT.`,
      );
      process.exit(1);
    }
    throw err;
  }
  app.get(Logger).log(`${name} listening on http://${host}:${port}`);
}
