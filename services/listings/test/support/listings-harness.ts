import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type DataSource } from 'typeorm';
import { type TestIssuer } from '@loadout/auth/testing';
import { type ListingDto, type ListingInput, type ListingListResponse } from '@loadout/contracts';
import { OutboxPublisher, waitFor } from '@loadout/events/testing';
import { startServiceUnderTest, type ServiceUnderTest } from '@loadout/service-kit/testing';
import { jsonCall, type JsonCallInit } from '@loadout/testing';
import { type ListingsConfig } from '../../src/listings.config';
import { listingsService } from '../../src/listings.service';
import { buildListing } from '../factories/listing.factory';
import { newSellerFactory, type TestSeller } from '../factories/seller.factory';
import { LISTINGS_TEST_APP } from './listings-module';

export const INTERNAL_TOKEN = 'internal-test-token-0123456789';

export interface ErrorBody {
  code: string;
  message: string;
  details?: { field: string; messages: string[] }[];
}

export type CallInit = JsonCallInit & { internal?: string };

export interface ListingsHarness {
  readonly ds: DataSource;
  readonly issuer: TestIssuer;
  /** The running app (its providers, for tests of one part of it). */
  readonly app: NestFastifyApplication;
  /** Publishes identity's events into this database's bus. */
  readonly identity: OutboxPublisher;
  /** Publishes orders' events into this database's bus. */
  readonly orders: OutboxPublisher;
  /** An admin's bearer token. */
  readonly admin: string;
  call<T = unknown>(path: string, init?: CallInit): Promise<{ status: number; body: T }>;
  /** A fresh signed-in seller: their own id also isolates their listings via `sellerId`. */
  newSeller(name?: string): Promise<TestSeller>;
  /** Creates (by default publishes) a complete listing and expects 201. */
  create(token: string, input?: ListingInput): Promise<ListingDto>;
  outboxTopics(id: string): Promise<string[]>;
  /** Waits until the `listings-cache` group consumed every event of the listing so far. */
  settled(listingId: string): Promise<void>;
  browse(query: string, token?: string): Promise<{ status: number; body: ListingListResponse }>;
}

/**
 * The listings service over HTTP on a throwaway database (images faked, real Postgres, Redis
 * and event bus), started in `beforeAll` and stopped in `afterAll` of the calling spec file.
 */
export function useListingsApp(): ListingsHarness {
  let service: ServiceUnderTest<ListingsConfig>;
  let identity: OutboxPublisher;
  let orders: OutboxPublisher;
  let base: string;
  let admin: string;
  let newSeller: (name?: string) => Promise<TestSeller>;

  jest.setTimeout(30_000);

  beforeAll(async () => {
    service = await startServiceUnderTest(listingsService, {
      env: {
        ...(process.env['REDIS_URL'] ? { REDIS_URL: process.env['REDIS_URL'] } : {}),
        INTERNAL_API_TOKEN: INTERNAL_TOKEN,
      },
      app: LISTINGS_TEST_APP,
    });
    base = service.base;
    identity = await OutboxPublisher.start(service.db.url, 'identity');
    orders = await OutboxPublisher.start(service.db.url, 'orders');
    admin = await service.token('admin-1', ['user', 'admin']);
    newSeller = newSellerFactory(service.issuer);
  });

  afterAll(async () => {
    await identity?.close();
    await orders?.close();
    await service?.close();
  });

  const ds = (): DataSource => service.ds;

  const call = <T = unknown>(path: string, { internal, ...init }: CallInit = {}) =>
    jsonCall<T>(base, path, {
      ...init,
      headers: internal ? { 'x-internal-token': internal } : undefined,
    });

  return {
    get ds() {
      return ds();
    },
    get issuer() {
      return service.issuer;
    },
    get app() {
      return service.app;
    },
    get identity() {
      return identity;
    },
    get orders() {
      return orders;
    },
    get admin() {
      return admin;
    },
    call,
    newSeller: (name?: string) => newSeller(name),
    async create(token, input = {}) {
      const res = await call<ListingDto>('/api/v1/listings', {
        method: 'POST',
        token,
        json: buildListing(input),
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    async outboxTopics(id) {
      const rows: { topic: string }[] = await ds().query(
        `SELECT topic FROM listings.outbox WHERE aggregate_id = $1 ORDER BY seq`,
        [id],
      );
      return rows.map((r) => r.topic);
    },
    settled: (listingId) =>
      waitFor(`events of ${listingId} consumed`, async () => {
        const [row] = await ds().query(
          `SELECT count(o.id)::int AS events, count(l.position)::int AS shipped,
                  coalesce(bool_and(l.position <= c.position), false) AS done
             FROM listings.outbox o
             LEFT JOIN event_bus.log l ON l.event_id = o.id
             LEFT JOIN event_bus.consumer_offsets c
               ON c.topic = l.topic AND c.consumer_group = 'listings-cache'
            WHERE o.aggregate_id = $1`,
          [listingId],
        );
        return row.events > 0 && row.shipped === row.events && row.done === true;
      }),
    browse: (query, token) => call<ListingListResponse>(`/api/v1/listings?${query}`, { token }),
  };
}
