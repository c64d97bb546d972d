import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceApp, createServiceDataSource } from '@loadout/service-kit';
import { loadMessagingConfig } from '../../src/messaging.config';
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
 * A messaging service on a throwaway database, a real token issuer and stand-ins of listings
 * and identity over HTTP.
 */
export async function startMessaging(
  label: string,
  env: Record<string, string> = {},
): Promise<MessagingHarness> {
  const db: TestDatabase = await createTestDatabase(`messaging_${label}`);
  const issuer = await startTestIssuer();
  const listings = await startListingsStub();
  const users = await startIdentityStub();
  const objectsDir = mkdtempSync(path.join(os.tmpdir(), 'loadout-messaging-objects-'));
  const storageEnv = {
    OBJECT_STORAGE_DIR: objectsDir,
    UPLOAD_SIGNING_SECRET: 'test-only-messaging-signing-secret',
  };
  const config = (extra: Record<string, string> = {}) =>
    loadMessagingConfig({
      DATABASE_URL: db.url,
      AUTH_ISSUER: issuer.issuer,
      AUTH_AUDIENCE: issuer.audience,
      LISTINGS_URL: listings.url,
      IDENTITY_URL: users.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...storageEnv,
      ...env,
      ...extra,
    });
  const ds = createServiceDataSource(messagingService, config());
  await migrate(ds);
  const apps: NestFastifyApplication[] = [];
  const boot = async (extra?: Record<string, string>) => {
    const app = await createServiceApp(messagingService, config(extra));
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    return app;
  };
  const app = await boot();
  const base = await app.getUrl();
  const tokens = new Map<string, Promise<string>>();
  const token = (userId: string) => {
    if (!tokens.has(userId)) tokens.set(userId, issuer.sign({ sub: userId }));
    return tokens.get(userId)!;
  };
  return {
    base,
    app,
    databaseUrl: db.url,
    ds,
    issuer,
    listings,
    users,
    token,
    async call<T>(path: string, init: { method?: string; body?: unknown; as?: string } = {}) {
      const headers: Record<string, string> = {};
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.as) headers['authorization'] = `Bearer ${await token(init.as)}`;
      const res = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async upload<T>(p: string, init: { body: Buffer; contentType: string; as?: string }) {
      const headers: Record<string, string> = { 'content-type': init.contentType };
      if (init.as) headers['authorization'] = `Bearer ${await token(init.as)}`;
      const res = await fetch(`${base}${p}`, { method: 'POST', headers, body: init.body });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async fetchBytes(p: string, as?: string) {
      const headers: Record<string, string> = {};
      if (as) headers['authorization'] = `Bearer ${await token(as)}`;
      const res = await fetch(`${base}${p}`, { headers });
      return {
        status: res.status,
        headers: res.headers,
        body: Buffer.from(await res.arrayBuffer()),
      };
    },
    objectsDir,
    storageEnv,
    startReplica: boot,
    async close() {
      for (const a of apps) await a.close();
      await ds.destroy();
      await listings.close();
      await users.close();
      await issuer.close();
      await db.drop();
      rmSync(objectsDir, { recursive: true, force: true });
    },
  };
}
