import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import {
  startNotificationsTestApp,
  type CallInit,
  type NotificationsTestApp,
} from './support/notifications-test-app';

jest.setTimeout(20_000);

describe('notifications service: schema, health, metrics and OpenAPI', () => {
  let t: NotificationsTestApp;
  let ds: DataSource;

  const call = <T = unknown>(path: string, init?: CallInit) => t.call<T>(path, init);

  beforeAll(async () => {
    t = await startNotificationsTestApp('notifications_service');
    ds = t.ds;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('has no drift between entities and committed migrations', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('serves health, metrics and an OpenAPI document', async () => {
    expect((await call('/health/ready')).body).toMatchObject({
      status: 'ok',
      checks: { database: 'up' },
    });
    const doc = await call<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/notifications',
        '/api/v1/notifications/unread-count',
        '/api/v1/notifications/{id}/read',
        '/api/v1/notifications/read-all',
        '/dev/mailbox',
        '/dev/mailbox/messages',
      ]),
    );
  });
});
