import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { type FieldDto, type FieldListResponse } from '@loadout/contracts';
import { migrate } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceApp, createServiceDataSource } from '@loadout/service-kit';
import { loadFieldsConfig } from '../src/fields.config';
import { fieldsService } from '../src/fields.service';
import { buildField } from './factories/field.factory';

describe('fields service over HTTP', () => {
  let db: TestDatabase;
  let issuer: TestIssuer;
  let app: NestFastifyApplication;
  let base: string;
  let admin: string;
  let user: string;
  let ds: DataSource;

  const call = async <T = unknown>(path: string, init: RequestInit & { token?: string } = {}) => {
    const headers: Record<string, string> = init.body ? { 'content-type': 'application/json' } : {};
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    const res = await fetch(`${base}${path}`, { ...init, headers });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

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

  it('has no drift between entities and committed migrations', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('lets an admin create a field and records the event in the outbox', async () => {
    const res = await call<FieldDto>('/api/v1/fields', {
      method: 'POST',
      token: admin,
      body: JSON.stringify(buildField({ name: 'Alpha Woods', eircode: 'd02x285' })),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Alpha Woods', eircode: 'D02 X285', isExample: false });
    expect(res.body.id).toHaveLength(21);
    const rows = await ds.query(
      `SELECT topic, aggregate_id, envelope FROM fields.outbox WHERE aggregate_id = $1`,
      [res.body.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].topic).toBe('fields.field.created.v1');
    expect(rows[0].envelope).toMatchObject({
      actorId: 'admin-1',
      payload: { fieldId: res.body.id, name: 'Alpha Woods', county: 'Dublin' },
    });
  });

  it('refuses field changes from anonymous callers and non-admins', async () => {
    expect(
      (await call('/api/v1/fields', { method: 'POST', body: JSON.stringify(buildField()) })).body,
    ).toMatchObject({ code: 'AUTH.REQUIRED' });
    const forbidden = await call('/api/v1/fields', {
      method: 'POST',
      token: user,
      body: JSON.stringify(buildField()),
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'AUTH.FORBIDDEN' });
  });

  it('refuses invalid input with field details and unknown fields', async () => {
    const bad = await call<{ code: string; details: { field: string }[] }>('/api/v1/fields', {
      method: 'POST',
      token: admin,
      body: JSON.stringify(buildField({ county: 'Atlantis', gameTypes: [] })),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('COMMON.VALIDATION_FAILED');
    expect(bad.body.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['county', 'gameTypes']),
    );
    const extra = await call('/api/v1/fields', {
      method: 'POST',
      token: admin,
      body: JSON.stringify({ ...buildField(), owner: 'me' }),
    });
    expect(extra.status).toBe(400);
    const rule = await call('/api/v1/fields', {
      method: 'POST',
      token: admin,
      body: JSON.stringify(
        buildField({ limits: { aegJoules: 1.5, dmrJoules: 1, sniperJoules: null } }),
      ),
    });
    expect(rule.body).toMatchObject({
      code: 'FIELDS.INVALID',
      message: 'The DMR limit cannot be below the AEG limit.',
    });
  });

  it('pages through fields by keyset without repeats or gaps, with filters', async () => {
    for (let i = 0; i < 5; i++) {
      await call('/api/v1/fields', {
        method: 'POST',
        token: admin,
        body: JSON.stringify(
          buildField({ county: 'Cork', gameTypes: i % 2 ? ['cqb'] : ['woodland', 'cqb'] }),
        ),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/api/v1/fields?county=Cork&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call<FieldListResponse>(q);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((f) => f.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);

    const woodland = await call<FieldListResponse>('/api/v1/fields?county=Cork&gameType=woodland');
    expect(woodland.body.items).toHaveLength(3);
    expect(woodland.body.items.every((f) => f.gameTypes.includes('woodland'))).toBe(true);
  });

  it('finding 4: refuses what the columns cannot hold with a 400, never a 500', async () => {
    const create = (overrides: Record<string, unknown>) =>
      call<{ code: string; message: string }>('/api/v1/fields', {
        method: 'POST',
        token: admin,
        body: JSON.stringify(buildField(overrides)),
      });
    const long = await create({ website: `https://example.ie/${'a'.repeat(400)}` });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Website must be at most 300 characters.');
    expect((await create({ eircode: 'D02 X285 EXTRA' })).status).toBe(400);
    const nul = await create({ name: 'Alpha\u0000Woods' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'COMMON.VALIDATION_FAILED' });
    for (const path of ['/api/v1/fields/abc%00def', '/api/v1/fields?county=%00']) {
      expect((await call(path)).status).toBe(400);
    }
    const badCursor = Buffer.from(JSON.stringify(['a\u0000', 'x'])).toString('base64url');
    expect((await call(`/api/v1/fields?cursor=${badCursor}`)).status).toBe(400);
  });

  it('refuses a tampered cursor with a clear error', async () => {
    const res = await call('/api/v1/fields?cursor=garbage');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'COMMON.INVALID_CURSOR' });
  });

  it('counts fields and returns one by id, 404 for unknown ids', async () => {
    const { body: stats } = await call<{ count: number }>('/api/v1/fields/stats');
    expect(stats.count).toBe(6);
    const list = await call<FieldListResponse>('/api/v1/fields?limit=1');
    const one = await call<FieldDto>(`/api/v1/fields/${list.body.items[0]!.id}`);
    expect(one.body.id).toBe(list.body.items[0]!.id);
    const missing = await call('/api/v1/fields/zzzzzzzzzzzzzzzzzzzzz');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      code: 'FIELDS.NOT_FOUND',
      message: 'That playing field could not be found.',
    });
  });

  it('updates and deletes a field, each with its event', async () => {
    const created = await call<FieldDto>('/api/v1/fields', {
      method: 'POST',
      token: admin,
      body: JSON.stringify(buildField({ name: 'Bravo Base' })),
    });
    const updated = await call<FieldDto>(`/api/v1/fields/${created.body.id}`, {
      method: 'PATCH',
      token: admin,
      body: JSON.stringify({ county: 'Kerry' }),
    });
    expect(updated.body).toMatchObject({ county: 'Kerry', name: 'Bravo Base' });
    expect(
      (await call(`/api/v1/fields/${created.body.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(204);
    expect((await call(`/api/v1/fields/${created.body.id}`)).status).toBe(404);
    const topics = await ds.query(
      `SELECT topic FROM fields.outbox WHERE aggregate_id = $1 ORDER BY seq`,
      [created.body.id],
    );
    expect(topics.map((r: { topic: string }) => r.topic)).toEqual([
      'fields.field.created.v1',
      'fields.field.updated.v1',
      'fields.field.deleted.v1',
    ]);
  });

  it('rolls back the change when the event cannot be written', async () => {
    await ds.query(`ALTER TABLE fields.outbox ADD CONSTRAINT no_writes CHECK (false) NOT VALID`);
    try {
      const res = await call('/api/v1/fields', {
        method: 'POST',
        token: admin,
        body: JSON.stringify(buildField({ name: 'Ghost Field' })),
      });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: 'COMMON.INTERNAL' });
    } finally {
      await ds.query(`ALTER TABLE fields.outbox DROP CONSTRAINT no_writes`);
    }
    const rows = await ds.query(`SELECT 1 FROM fields.fields WHERE name = 'Ghost Field'`);
    expect(rows).toHaveLength(0);
  });

  it('serves health and metrics', async () => {
    expect((await call('/health/live')).body).toEqual({ status: 'ok' });
    expect((await call('/health/ready')).body).toMatchObject({
      status: 'ok',
      checks: { database: 'up' },
    });
    const metrics = await fetch(`${base}/metrics`);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
  });
});
