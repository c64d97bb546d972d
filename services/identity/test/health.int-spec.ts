import 'reflect-metadata';
import { useIdentityApp } from './support/identity-harness';

describe('schema and health', () => {
  const t = useIdentityApp();
  const { call } = t;

  it('has no drift between entities and committed migrations', async () => {
    const pending = await t.ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('serves health with its database check', async () => {
    expect((await call('/health/ready')).body).toMatchObject({
      status: 'ok',
      checks: { database: 'up' },
    });
  });
});
