import type { FastifyRequest } from 'fastify';

/**
 * The caller's address for per-IP limits. Identity is reached only through the gateway, which
 * replaces X-Forwarded-For with the address it saw; the last entry is the one the nearest
 * proxy added, so a client cannot pick its own.
 */
export function clientIp(req: Pick<FastifyRequest, 'headers' | 'socket'>): string {
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : header;
  const last = value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? req.socket.remoteAddress ?? 'unknown';
}
