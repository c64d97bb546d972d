import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { type FieldDto } from '@loadout/contracts';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceApp, createServiceDataSource } from '@loadout/service-kit';
import { jsonCall, type JsonCallInit } from '@loadout/testing';
import { loadFieldsConfig } from '../../src/fields.config';
import { fieldsService } from '../../src/fields.service';
import { buildField } from '../factories/field.factory';

export type CallInit = JsonCallInit;

export interface FieldsHarness {
  readonly ds: DataSource;
  readonly base: string;
  /** Bearer tokens: an admin and a plain user. */
  readonly admin: string;
  readonly user: string;
  call<T = unknown>(path: string, init?: CallInit): Promise<{ status: number; body: T }>;
  /** Creates a field as the admin (factory defaults + `overrides`) and expects 201. */
  create(overrides?: Parameters<typeof buildField>[0]): Promise<FieldDto>;
  /** Topics of the field's outbox rows, oldest first. */
  outboxTopics(fieldId: string): Promise<string[]>;
}

/**
 * The fields service over HTTP on a throwaway database, started in `beforeAll` and stopped in
 * `afterAll` of the calling spec file.
 */
export function useFieldsApp(): FieldsHarness {
  let db: TestDatabase;
  let issuer: TestIssuer;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let base = '';
  let admin = '';
  let user = '';

  beforeAll(async () => {
    db = await createTestDatabase('fields');
    issuer = await startTestIssuer();
    const config = loadFieldsConfig({
      DATABASE_URL: db.url,
      AUTH_ISSUER: issuer.issuer,
      AUTH_AUDIENCE: issuer.audience,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    ds = createServiceDataSource(fieldsService, config);
    await migrate(ds);
    app = await createServiceApp(fieldsService, config);
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    admin = await issuer.sign({ sub: 'admin-1', roles: ['user', 'admin'] });
    user = await issuer.sign({ sub: 'user-1', roles: ['user'] });
    // Database creation and migrations take longer than jest's 5 s on a busy shared machine.
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await ds?.destroy();
    await issuer?.close();
    await db?.drop();
  });

  const call = <T = unknown>(path: string, init: CallInit = {}) => jsonCall<T>(base, path, init);

  return {
    get ds() {
      return ds;
    },
    get base() {
      return base;
    },
    get admin() {
      return admin;
    },
    get user() {
      return user;
    },
    call,
    async create(overrides) {
      const res = await call<FieldDto>('/api/v1/fields', {
        method: 'POST',
        token: admin,
        json: buildField(overrides),
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    async outboxTopics(fieldId) {
      const rows: { topic: string }[] = await ds.query(
        `SELECT topic FROM fields.outbox WHERE aggregate_id = $1 ORDER BY seq`,
        [fieldId],
      );
      return rows.map((r) => r.topic);
    },
  };
}
