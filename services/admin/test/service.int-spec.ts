import 'reflect-metadata';
import { useServiceUnderTest } from '@loadout/service-kit/testing';
import { adminService } from '../src/admin.service';

describe('admin service: schema, health and metrics', () => {
  const t = useServiceUnderTest(adminService);

  it('has no drift between entities and committed migrations', async () => {
    const pending = await t.ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('serves health and metrics', async () => {
    expect((await t.call('/health/live')).body).toEqual({ status: 'ok' });
    expect((await t.call('/health/ready')).body).toMatchObject({
      status: 'ok',
      checks: { database: 'up' },
    });
    expect((await t.call('/metrics')).text).toContain('http_request_duration_seconds');
  });
});
