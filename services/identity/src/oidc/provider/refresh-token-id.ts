import { randomBytes } from 'node:crypto';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A refresh token value shaped like an unsigned JWT (`header.payload.`). keycloak-js decodes
 * refresh tokens and refuses opaque ones; the value is still only a random handle to the stored
 * token (the 256-bit `jti` is the secret), and nothing trusts the decoded payload.
 */
export function jwtShapedTokenId(input: {
  accountId?: string;
  clientId?: string;
  expiresIn: number;
  now?: number;
}): string {
  const iat = input.now ?? Math.floor(Date.now() / 1000);
  const header = { alg: 'none', typ: 'JWT' };
  const payload = {
    jti: randomBytes(32).toString('base64url'),
    typ: 'Refresh',
    sub: input.accountId,
    azp: input.clientId,
    iat,
    exp: iat + input.expiresIn,
  };
  return `${b64(header)}.${b64(payload)}.`;
}

/** Decodes the payload the way keycloak-js does (no signature check: there is none). */
export function decodeTokenPayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Unable to decode token, payload not found.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
