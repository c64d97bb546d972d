import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type DataSource } from 'typeorm';
import { type TestIssuer } from '@loadout/auth/testing';
import { createServiceApp } from '@loadout/service-kit';
import { startServiceUnderTest } from '@loadout/service-kit/testing';
import { messagingService } from '../../src/messaging.service';
import { startListingsStub } from '../factories/listing.factory';
import { startIdentityStub } from '../factories/user.factory';

export interface Reply<T> {
  status: number;
  body: T;
}

export interface MessagingHarness {
  base: string;
  databaseUrl: string;
  ds: DataSource;
  issuer: TestIssuer;
  listings: Awaited<ReturnType<typeof startListingsStub>>;
  users: Awaited<ReturnType<typeof startIdentityStub>>;
  token(userId: string): Promise<string>;
  call<T = unknown>(
    path: string,
    init?: { method?: string; body?: unknown; as?: string },
  ): Promise<Reply<T>>;
  /** POSTs raw bytes (a photo) with their content type; `as` signs the request. */
  upload<T = unknown>(
    path: string,
    init: { body: Buffer; contentType: string; as?: string },
  ): Promise<Reply<T>>;
  /** GETs bytes (a photo). */
  fetchBytes(
    path: string,
    as?: string,
  ): Promise<{ status: number; headers: Headers; body: Buffer }>;
  /** The directory of the filesystem object store (photos). */
  objectsDir: string;
  /** The object storage settings of this harness, for another process on the same data. */
  storageEnv: Record<string, string>;
  /** Another messaging process on the same database (a second replica). */
  startReplica(env?: Record<string, string>): Promise<NestFastifyApplication>;
  /** The first process (HTTP only; a test that needs the consumer group starts it). */
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/**
 * A messaging service on the kit's throwaway database and token issuer
 * (`@loadout/service-kit/testing`), with stand-ins of listings and identity over HTTP and a
 * filesystem object store for photos.
 */
export async function startMessaging(
  label: string,
  env: Record<string, string> = {},
): Promise<MessagingHarness> {
  const listings = await startListingsStub();
  const users = await startIdentityStub();
  const objectsDir = mkdtempSync(path.join(os.tmpdir(), 'loadout-messaging-objects-'));
  const storageEnv = {
    OBJECT_STORAGE_DIR: objectsDir,
    UPLOAD_SIGNING_SECRET: 'test-only-messaging-signing-secret',
  };
  const serviceEnv = { LISTINGS_URL: listings.url, IDENTITY_URL: users.url, ...storageEnv, ...env };
  const service = await startServiceUnderTest(messagingService, {
    label: `messaging_${label}`,
    env: serviceEnv,
    consumers: false,
  });
  const replicas: NestFastifyApplication[] = [];
  const tokens = new Map<string, Promise<string>>();
  const token = (userId: string) => {
    if (!tokens.has(userId)) tokens.set(userId, service.issuer.sign({ sub: userId }));
    return tokens.get(userId)!;
  };
  const signed = async (as?: string) => (as ? await token(as) : undefined);
  return {
    base: service.base,
    app: service.app,
    databaseUrl: service.db.url,
    ds: service.ds,
    issuer: service.issuer,
    listings,
    users,
    token,
    async call<T>(p: string, init: { method?: string; body?: unknown; as?: string } = {}) {
      const res = await service.call<T>(p, {
        method: init.method ?? 'GET',
        json: init.body,
        token: await signed(init.as),
      });
      return { status: res.status, body: res.body };
    },
    async upload<T>(p: string, init: { body: Buffer; contentType: string; as?: string }) {
      const res = await service.call<T>(p, {
        method: 'POST',
        headers: { 'content-type': init.contentType },
        body: init.body,
        token: await signed(init.as),
      });
      return { status: res.status, body: res.body };
    },
    async fetchBytes(p: string, as?: string) {
      const headers: Record<string, string> = {};
      const bearer = await signed(as);
      if (bearer) headers['authorization'] = `Bearer ${bearer}`;
      const res = await fetch(`${service.base}${p}`, { headers });
      return {
        status: res.status,
        headers: res.headers,
        body: Buffer.from(await res.arrayBuffer()),
      };
    },
    objectsDir,
    storageEnv,
    async startReplica(extra = {}) {
      const config = messagingService.loadConfig({
        DATABASE_URL: service.db.url,
        AUTH_ISSUER: service.issuer.issuer,
        AUTH_AUDIENCE: service.issuer.audience,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        ...serviceEnv,
        ...extra,
      });
      const replica = await createServiceApp(messagingService, config);
      await replica.listen(0, '127.0.0.1');
      replicas.push(replica);
      return replica;
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await service.close();
      await listings.close();
      await users.close();
      rmSync(objectsDir, { recursive: true, force: true });
    },
  };
}
