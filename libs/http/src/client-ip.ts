import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { loadConfig, trustedProxiesVar, z } from '@loadout/config';

/**
 * The gateway's own header carrying the client address it decided on. Services believe it only
 * when the socket peer is a trusted hop (the gateway), never from anyone else (ADR 0009).
 */
export const CLIENT_IP_HEADER = 'x-loadout-client-ip';

/** True when `address` (a socket peer or an X-Forwarded-For entry) is in the trusted list. */
export type ProxyMatcher = (address: string | undefined) => boolean;

export function proxyMatcher(trusted: readonly string[]): ProxyMatcher {
  if (trusted.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of trusted) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const family = isIP(address);
    if (!family) return false;
    // BlockList matches ::ffff:a.b.c.d against IPv4 rules too.
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** TRUSTED_PROXIES from the environment (validated like every other variable). */
export function trustedProxiesFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return loadConfig(z.object({ TRUSTED_PROXIES: trustedProxiesVar }), {
    TRUSTED_PROXIES: env['TRUSTED_PROXIES'],
  }).TRUSTED_PROXIES;
}

type WithClientIp = FastifyRequest & { clientIp?: string };

/**
 * Decides the client address once per request: the gateway's header when the peer is trusted
 * and the header holds an IP, otherwise Fastify's `req.ip` (X-Forwarded-For walked back only
 * through trusted hops, so a forged entry is never chosen).
 */
export function resolveClientIp(
  req: FastifyRequest,
  isTrusted: ProxyMatcher,
  honourHeader: boolean,
): string {
  if (honourHeader && isTrusted(req.socket.remoteAddress)) {
    const raw = req.headers[CLIENT_IP_HEADER];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value && isIP(value)) return value;
  }
  return req.ip;
}

/** The client address decided by the platform hook (see `createApp`). */
export function clientIpOf(req: FastifyRequest): string {
  return (req as WithClientIp).clientIp ?? req.ip;
}
