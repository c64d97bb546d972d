import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A token endpoint answer sealed with a key only the holder of the redeemed token can derive. */
export interface SealedTokenResponse {
  iv: string;
  tag: string;
  data: string;
}

const keyOf = (refreshToken: string) =>
  Buffer.from(hkdfSync('sha256', refreshToken, 'loadout.refresh-grace', 'v1', 32));

/**
 * Where the winner's answer is kept: a hash of the redeemed token, never the token itself, so
 * the stored row cannot be matched to a token value by someone reading the table.
 */
export const redemptionKey = (refreshToken: string): string =>
  createHash('sha256').update(refreshToken).digest('base64url');

export function sealTokenResponse(refreshToken: string, answer: object): SealedTokenResponse {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

/** The answer, or null when the token is not the one it was sealed for (or it was altered). */
export function openTokenResponse(
  refreshToken: string,
  sealed: SealedTokenResponse,
): Record<string, unknown> | null {
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(refreshToken),
      Buffer.from(sealed.iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(sealed.data, 'base64url')),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}
