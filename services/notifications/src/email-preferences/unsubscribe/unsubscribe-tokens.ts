import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_SCHEMA } from '../../notifications.config';
import { isOptionalEmailKind, type OptionalEmailKind } from '../domain/email-kinds';

const KEY_NAME = 'unsubscribe';
const KEYS = `"${NOTIFICATIONS_SCHEMA}"."signing_keys"`;

/**
 * Unsubscribe tokens: `<base64url(userId:kind)>.<base64url(HMAC-SHA256)>`. They do not expire
 * (an old email's link must keep working) and only ever turn one optional kind off.
 */
@Injectable()
export class UnsubscribeTokens {
  private key?: Promise<Buffer>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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
    this.key ??= (async () => {
      await this.dataSource.query(
        `INSERT INTO ${KEYS} ("name", "secret") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [KEY_NAME, randomBytes(32).toString('hex')],
      );
      const [row] = (await this.dataSource.query(`SELECT "secret" FROM ${KEYS} WHERE "name" = $1`, [
        KEY_NAME,
      ])) as { secret: string }[];
      return Buffer.from(row!.secret, 'hex');
    })().catch((err) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }
}
