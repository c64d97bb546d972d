import path from 'node:path';
import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { request } from 'undici';
import { Public } from '@loadout/auth';
import { notFoundError } from '@loadout/errors';
import { GATEWAY_CONFIG, upstreamUrls, type GatewayConfig } from '../gateway.config';

interface OpenApiDoc {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

export const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loadout API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

/**
 * The public API document: each running service's own OpenAPI paths, merged. A service that
 * is down is listed in the description rather than failing the whole document.
 */
@ApiExcludeController()
@Controller('api/docs')
export class ApiDocsController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Public()
  @Get()
  page(@Res() reply: FastifyReply): void {
    void reply.header('content-type', 'text/html; charset=utf-8').send(PAGE);
  }

  @Public()
  @Get('init.js')
  init(@Res() reply: FastifyReply): void {
    void reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .send(`window.ui = SwaggerUIBundle({ url: '/api/docs/json', dom_id: '#swagger-ui' });`);
  }

  @Public()
  @Get('assets/:file')
  asset(@Param('file') file: string, @Res() reply: FastifyReply): void {
    if (!ASSETS.has(file)) throw notFoundError('COMMON.NOT_FOUND', 'No such file.');
    void reply.header('cache-control', 'public, max-age=86400');
    void (reply as unknown as { sendFile: (f: string, root: string) => FastifyReply }).sendFile(
      file,
      SWAGGER_UI_DIR,
    );
  }

  @Public()
  @Get('json')
  async json(): Promise<Record<string, unknown>> {
    const upstreams = Object.entries(upstreamUrls(this.config));
    const docs = await Promise.all(
      upstreams.map(async ([name, base]) => {
        try {
          const res = await request(`${base}/openapi.json`, {
            headersTimeout: 2000,
            bodyTimeout: 2000,
          });
          if (res.statusCode !== 200) {
            await res.body.dump();
            return [name, null] as const;
          }
          return [name, (await res.body.json()) as OpenApiDoc] as const;
        } catch {
          return [name, null] as const;
        }
      }),
    );
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    const down: string[] = [];
    for (const [name, doc] of docs) {
      if (!doc) {
        down.push(name);
        continue;
      }
      Object.assign(paths, doc.paths ?? {});
      Object.assign(schemas, doc.components?.schemas ?? {});
    }
    return {
      openapi: '3.0.0',
      info: {
        title: 'Loadout API',
        version: '1',
        description: `Public API of Loadout, Ireland's airsoft marketplace. Errors: HTTP status plus { code, message, details?, requestId }.${
          down.length ? ` Not listed (service unavailable): ${down.join(', ')}.` : ''
        }`,
      },
      servers: [{ url: '/' }],
      paths,
      components: {
        schemas,
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    };
  }
}
