import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_IP_HEADER } from '@loadout/http';

/** Request headers a service may need; everything else (hop-by-hop, client junk) stays here. */
const REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'cookie',
  'if-none-match',
  'idempotency-key',
  'stripe-signature',
  'user-agent',
] as const;

/** Response headers passed back to the browser; the gateway sets its own security headers. */
const RESPONSE_HEADERS = [
  'cache-control',
  'content-disposition',
  // An already compressed body keeps its encoding, and the gateway does not compress it again.
  'content-encoding',
  'content-type',
  'etag',
  // Orders marks the stored answer of a repeated Idempotency-Key (issue 23 scenario 9).
  'idempotent-replayed',
  'last-modified',
  'link',
  'location',
  'retry-after',
  'set-cookie',
  'www-authenticate',
] as const;

export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  context: { requestId: string; clientIp: string; host: string; protocol: string },
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of REQUEST_HEADERS) {
    const value = incoming[name];
    if (typeof value === 'string') out[name] = value;
  }
  out['x-request-id'] = context.requestId;
  // Replaces whatever the client sent: services believe these from the gateway's hop only.
  out[CLIENT_IP_HEADER] = context.clientIp;
  out['x-forwarded-for'] = context.clientIp;
  out['x-forwarded-host'] = context.host;
  out['x-forwarded-proto'] = context.protocol;
  return out;
}

export function clientResponseHeaders(
  upstream: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of RESPONSE_HEADERS) {
    const value = upstream[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}
