import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@loadout/auth';
import { notFoundError } from '@loadout/errors';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;
const ALWAYS_FRESH = new Set([
  'silent-check-sso.html',
  'silent-check-sso.js',
  'index.html',
  'main.js',
  'remoteEntry.js',
  'mf-manifest.json',
  'mf-stats.json',
  'preload.json',
  'sw.js',
  'offline.html',
  'manifest.webmanifest',
]);
const REMOTE_NAME = /^[a-z][a-z0-9-]{0,30}$/;

const PRELOAD_FILE = /^js\/[A-Za-z0-9_-]+\.[0-9a-f]{8,}\.js$/;

export type RemotesManifest = {
  remotes: Record<string, { entry: string; preload?: string[] }>;
};

/**
 * The chunks of a remote's routes, from the preload.json its build wrote (issue 12), as URLs the
 * shell's boot script preloads with the remote entry. Anything unexpected in the file is ignored.
 */
export function routePreloads(remoteDir: string, name: string): string[] {
  try {
    const parsed = JSON.parse(
      readFileSync(path.join(remoteDir, 'preload.json'), 'utf8'),
    ) as unknown;
    const routes = (parsed as { routes?: unknown } | null)?.routes;
    if (!Array.isArray(routes)) return [];
    return routes
      .filter((file): file is string => typeof file === 'string' && PRELOAD_FILE.test(file))
      .map((file) => `/remotes/${name}/${file}`);
  } catch {
    return [];
  }
}

/** Every built remote under the dist folder (any folder but the shell with a remoteEntry.js). */
export function discoverRemotes(distDir: string): RemotesManifest {
  const remotes: RemotesManifest['remotes'] = {};
  if (existsSync(distDir)) {
    for (const name of readdirSync(distDir).sort()) {
      if (
        name !== 'shell' &&
        REMOTE_NAME.test(name) &&
        existsSync(path.join(distDir, name, 'remoteEntry.js'))
      ) {
        const preload = routePreloads(path.join(distDir, name), name);
        remotes[name] = {
          entry: `/remotes/${name}/remoteEntry.js`,
          ...(preload.length > 0 && { preload }),
        };
      }
    }
  }
  return { remotes };
}

type SendFile = (file: string, root: string, opts?: { cacheControl: boolean }) => FastifyReply;

/**
 * Serves the built shell at / (with SPA fallback to index.html) and each remote at
 * /remotes/<name>/, plus the runtime manifest telling the shell where remotes live.
 */
@ApiExcludeController()
@Controller()
export class FrontendsController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Public()
  @Get('remotes.json')
  remotes(@Res({ passthrough: true }) reply: FastifyReply): RemotesManifest {
    void reply.header('cache-control', 'no-cache');
    if (this.config.REMOTES_MANIFEST) return { remotes: this.config.REMOTES_MANIFEST };
    return this.config.FRONTEND_DIST_DIR
      ? discoverRemotes(this.config.FRONTEND_DIST_DIR)
      : { remotes: {} };
  }

  @Public()
  @Get('remotes/:name/*')
  remoteAsset(
    @Param('name') name: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): void {
    const dist = this.dist();
    if (!REMOTE_NAME.test(name)) throw notFoundError('COMMON.NOT_FOUND', 'No such file.');
    const file = decodeURIComponent(req.url.split('?')[0]!.slice(`/remotes/${name}/`.length));
    this.sendAsset(reply, path.join(dist, name), file, false);
  }

  @Public()
  @Get('*')
  shell(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    const dist = this.dist();
    const file = decodeURIComponent(req.url.split('?')[0]!.slice(1)) || 'index.html';
    this.sendAsset(reply, path.join(dist, 'shell'), file, true);
  }

  private dist(): string {
    if (!this.config.FRONTEND_DIST_DIR)
      throw notFoundError('COMMON.NOT_FOUND', 'This gateway serves the API only.');
    return this.config.FRONTEND_DIST_DIR;
  }

  private sendAsset(reply: FastifyReply, root: string, file: string, spaFallback: boolean): void {
    const full = path.resolve(root, file);
    const inside = full.startsWith(path.resolve(root) + path.sep);
    const exists = inside && existsSync(full) && statSync(full).isFile();
    const sendFile = (reply as unknown as { sendFile: SendFile }).sendFile.bind(reply);
    if (exists) {
      const base = path.basename(full);
      const cache = ALWAYS_FRESH.has(base)
        ? 'no-cache'
        : HASHED.test(base)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300';
      void reply.header('cache-control', cache);
      void sendFile(path.relative(root, full), root, { cacheControl: false });
      return;
    }
    // Client-side routes (no file extension) get the shell; a missing asset is a real 404.
    if (spaFallback && !path.extname(file) && existsSync(path.join(root, 'index.html'))) {
      void reply.header('cache-control', 'no-cache');
      void sendFile('index.html', root, { cacheControl: false });
      return;
    }
    throw notFoundError('COMMON.NOT_FOUND', 'No such file.');
  }
}
