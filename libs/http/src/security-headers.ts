import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

/** Headers of the probe's reply that Fastify and Node set themselves, not helmet. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers `@fastify/helmet` sets for `options`, computed once at boot by one request to a
 * throwaway Fastify instance. Registered on the app, the plugin rebuilds its middleware (and
 * re-parses the CSP directives) on every request; these headers never vary per request (no
 * nonces), so the app sets the stored copy instead.
 */
export async function securityHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!OWN_HEADERS.has(name) && value !== undefined) out[name] = String(value);
    }
    return out;
  } finally {
    await probe.close();
  }
}
