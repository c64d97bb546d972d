import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';

export const OIDC_PREFIX = '/oidc';

/**
 * Mounts the provider's Koa app at /oidc on the service's Fastify instance. Its routes get no
 * body parser (the provider reads the raw request) and no Nest pipes or guards: the reply is
 * hijacked and the raw req/res go to `provider.callback()`, with the prefix stripped the way
 * Express mounting would (`originalUrl` keeps it, so the provider builds its URLs with /oidc).
 */
export async function mountOidcProvider(
  fastify: FastifyInstance,
  provider: Provider,
  publicUrl: string,
): Promise<void> {
  const callback = provider.callback();
  const { host, protocol } = new URL(publicUrl);
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      void reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_PREFIX.length) || '/';
      // The issuer is ${PUBLIC_URL}/oidc whatever address reached us: endpoint URLs and
      // cookie security follow PUBLIC_URL, not the Host of a hop in between.
      raw.headers['x-forwarded-host'] = host;
      raw.headers['x-forwarded-proto'] = protocol.replace(':', '');
      await callback(raw, reply.raw);
    };
    scope.all(`${OIDC_PREFIX}/*`, handle);
  });
}
