import 'reflect-metadata';
import { type Type } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type DataSource } from 'typeorm';
import { type AuthUser } from '@loadout/auth';
import { migrate, newId } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { quietLogger } from '@loadout/events/testing';
import {
  createServiceApp,
  createServiceDataSource,
  type CreateServiceAppOptions,
} from '@loadout/service-kit';
import { ImagesModule } from '../../src/images/images.module';
import { loadListingsConfig } from '../../src/listings.config';
import { listingsService } from '../../src/listings.service';
import { type Actor } from '../../src/listings/listing-changes';
import { FakeImagesModule } from './fake-images.module';

/** How the tests build the app: images faked, consumers retried fast and quietly. */
export const LISTINGS_TEST_APP: CreateServiceAppOptions = {
  replace: [[ImagesModule, FakeImagesModule.register()]],
  consumer: { maxAttempts: 2, retryDelayMs: 10, logger: quietLogger() },
};

/**
 * The listings service's Nest app on a migrated database (images faked, real Postgres, Redis and
 * event bus), not yet initialised or listening, for the medium tests (the HTTP harness starts
 * the same app through the kit's `startServiceUnderTest`).
 */
export async function startListingsContainer(
  databaseUrl: string,
  env: Record<string, string | undefined>,
): Promise<{ app: NestFastifyApplication; ds: DataSource }> {
  const config = loadListingsConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env['REDIS_URL'],
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const ds = createServiceDataSource(listingsService, config);
  await migrate(ds);
  const app = await createServiceApp(listingsService, config, LISTINGS_TEST_APP);
  return { app, ds };
}

export interface ListingsModule {
  readonly ds: DataSource;
  /** A provider of the service (a handler, a repository) from its Nest container. */
  get<T>(type: Type<T>): T;
  /** A fresh seller as the handlers see an authenticated caller. */
  newActor(roles?: AuthUser['roles']): Actor;
  /** Topics of the listing's outbox rows, oldest first. */
  outboxTopics(listingId: string): Promise<string[]>;
}

/**
 * The listings service's Nest container on a throwaway database, without HTTP: medium tests call
 * handlers directly (real Postgres and Redis, images faked), where races and transactions are
 * easier to drive than through the wire. Started in `beforeAll`, stopped in `afterAll`.
 */
export function useListingsModule(): ListingsModule {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let ds: DataSource;

  jest.setTimeout(30_000);

  beforeAll(async () => {
    db = await createTestDatabase('listings_medium');
    ({ app, ds } = await startListingsContainer(db.url, {
      AUTH_ISSUER: 'http://127.0.0.1:1/unused',
      AUTH_AUDIENCE: 'loadout-api',
    }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await ds?.destroy();
    await db?.drop();
  });

  return {
    get ds() {
      return ds;
    },
    get: (type) => app.get(type),
    newActor: (roles = ['user']) => {
      const id = newId();
      return {
        user: {
          id,
          email: `${id}@example.ie`,
          emailVerified: true,
          username: `u_${id.slice(0, 6)}`,
          name: 'Medium Seller',
          roles,
        },
      };
    },
    async outboxTopics(listingId) {
      const rows: { topic: string }[] = await ds.query(
        `SELECT topic FROM listings.outbox WHERE aggregate_id = $1 ORDER BY seq`,
        [listingId],
      );
      return rows.map((r) => r.topic);
    },
  };
}
