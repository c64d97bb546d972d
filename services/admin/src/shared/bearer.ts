import type { FastifyRequest } from 'fastify';

/** The caller's access token (already verified by the guard), to act on their behalf. */
export function bearerOf(req: FastifyRequest): string {
  const header = req.headers['authorization'];
  return typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : '';
}
