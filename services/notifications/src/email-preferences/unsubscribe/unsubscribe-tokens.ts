import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOptionalEmailKind, type OptionalEmailKind } from '../domain/email-kinds';
import { SigningKeyRepository } from '../persistence/signing-key.repository';

const KEY_NAME = 'unsubscribe';

/**
 * Unsubscribe tokens: `<base64url(userId:kind)>.<base64url(HMAC-SHA256)>`. They do not expire
 * (an old email's link must keep working) and only ever turn one optional kind off.
 */
@Injectable()
export class UnsubscribeTokens {
  private key?: Promise<Buffer>;

  constructor(private readonly keys: SigningKeyRepository) {}

  async sign(userId: string, kind: OptionalEmailKind): Promise<string> {
    const body = Buffer.from(`${userId}:${kind}`).toString('base64url');
    return `${body}.${this.mac(await this.secret(), body)}`;
  }

  async verify(token: unknown): Promise<{ userId: string; kind: OptionalEmailKind } | null> {
    if (typeof token !== 'string' || token.length > 300) return null;
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length) return null;
    const expected = Buffer.from(this.mac(await this.secret(), body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [userId, kind, ...more] = Buffer.from(body, 'base64url').toString().split(':');
    if (!userId || more.length || !isOptionalEmailKind(kind)) return null;
    return { userId, kind };
  }

  private mac(secret: Buffer, body: string): string {
    return createHmac('sha256', secret).update(body).digest('base64url');
  }

  /** Created once per database by whichever replica gets there first, then cached. */
  private secret(): Promise<Buffer> {
    this.key ??= this.keys.getOrCreate(KEY_NAME).catch((err: unknown) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }
}
