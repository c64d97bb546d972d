import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@loadout/db';
import { AccountTokenEntity } from './accounts/persistence/account-token.entity';
import { UserEntity } from './accounts/persistence/user.entity';
import { IDENTITY_SCHEMA } from './identity.config';
import { identityMigrations } from './migrations';
import { OidcKeyEntity } from './oidc/persistence/oidc-key.entity';
import { OidcPayloadEntity } from './oidc/persistence/oidc-payload.entity';

export const identityEntities = [UserEntity, AccountTokenEntity, OidcPayloadEntity, OidcKeyEntity];

interface DbConfig {
  DATABASE_URL: string;
  DB_POOL_SIZE: number;
}

export function identityDataSourceOptions(config: DbConfig) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: IDENTITY_SCHEMA,
    entities: identityEntities,
    migrations: identityMigrations,
    poolSize: config.DB_POOL_SIZE,
    applicationName: 'identity',
  });
}

export const createIdentityDataSource = (config: DbConfig) =>
  new DataSource(identityDataSourceOptions(config));
