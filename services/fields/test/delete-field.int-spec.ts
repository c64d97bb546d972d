import 'reflect-metadata';
import { useFieldsApp } from './support/fields-harness';

describe('delete a field', () => {
  const t = useFieldsApp();

  it('deletes the field and records the event; it is gone afterwards', async () => {
    const created = await t.create({ name: 'Delta Quarry' });
    const res = await t.call(`/api/v1/fields/${created.id}`, {
      method: 'DELETE',
      token: t.admin,
    });
    expect(res.status).toBe(204);
    expect((await t.call(`/api/v1/fields/${created.id}`)).status).toBe(404);
    expect(await t.outboxTopics(created.id)).toEqual([
      'fields.field.created.v1',
      'fields.field.deleted.v1',
    ]);
  });

  it('refuses a non-admin and leaves the field in place', async () => {
    const created = await t.create();
    const forbidden = await t.call(`/api/v1/fields/${created.id}`, {
      method: 'DELETE',
      token: t.user,
    });
    expect(forbidden.status).toBe(403);
    expect((await t.call(`/api/v1/fields/${created.id}`)).status).toBe(200);
  });
});
