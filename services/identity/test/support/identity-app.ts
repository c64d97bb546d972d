import { createServer } from 'node:net';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { migrate } from '@loadout/db';
import { createServiceApp, createServiceDataSource } from '@loadout/service-kit';
import { loadIdentityConfig, type IdentityConfig } from '../../src/identity.config';
import { identityService } from '../../src/identity.service';

/** An OIDC client other than the shell's: what openid-client plays in the tests. */
export const TEST_CLIENT = {
  client_id: 'test-rp',
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  redirect_uris: ['http://127.0.0.1:9/callback'],
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningIdentity {
  app: NestFastifyApplication;
  base: string;
  config: IdentityConfig;
  close(): Promise<void>;
}

/**
 * Starts the identity app on a fixed port: PUBLIC_URL (and so the issuer) is the app's own
 * address, as if the gateway were not there. Migrations run through a separate data source.
 */
export async function startIdentity(
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<RunningIdentity> {
  const p = port ?? (await freePort());
  const config = loadIdentityConfig({
    DATABASE_URL: databaseUrl,
    PORT: String(p),
    PUBLIC_URL: `http://127.0.0.1:${p}`,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    OIDC_EXTRA_CLIENTS: JSON.stringify([TEST_CLIENT]),
    ...env,
  });
  // The test client plays the gateway: its loopback hop is the trusted one (ADR 0009).
  const app = await createServiceApp(identityService, config, {
    http: { trustedProxies: ['127.0.0.1', '::1'] },
  });
  await app.listen(p, '127.0.0.1');
  return { app, base: `http://127.0.0.1:${p}`, config, close: () => app.close() };
}

export async function migratedDataSource(databaseUrl: string): Promise<DataSource> {
  const ds = createServiceDataSource(identityService, {
    DATABASE_URL: databaseUrl,
    DB_POOL_SIZE: 2,
  });
  await migrate(ds);
  return ds;
}
