import 'reflect-metadata';
import { useFieldsApp } from './support/fields-harness';

describe('fields service: schema, health and metrics', () => {
  const t = useFieldsApp();

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
    const metrics = await fetch(`${t.base}/metrics`);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
  });
});
