import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_SCHEMA } from '../../notifications.config';

const KEYS = `"${NOTIFICATIONS_SCHEMA}"."signing_keys"`;

/** Named HMAC secrets of this service, one row each in `signing_keys`. */
@Injectable()
export class SigningKeyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The secret called `name`, created (32 random bytes) by whichever replica asks first. */
  async getOrCreate(name: string): Promise<Buffer> {
    await this.dataSource.query(
      `INSERT INTO ${KEYS} ("name", "secret") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [name, randomBytes(32).toString('hex')],
    );
    const [row] = (await this.dataSource.query(`SELECT "secret" FROM ${KEYS} WHERE "name" = $1`, [
      name,
    ])) as { secret: string }[];
    return Buffer.from(row!.secret, 'hex');
  }
}
