import 'reflect-metadata';
import { type FieldDto } from '@loadout/contracts';
import { useFieldsApp } from './support/fields-harness';

describe('update a field', () => {
  const t = useFieldsApp();

  it('changes only the fields sent and records the event', async () => {
    const created = await t.create({ name: 'Bravo Base' });
    const updated = await t.call<FieldDto>(`/api/v1/fields/${created.id}`, {
      method: 'PATCH',
      token: t.admin,
      json: { county: 'Kerry' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ county: 'Kerry', name: 'Bravo Base' });
    expect(await t.outboxTopics(created.id)).toEqual([
      'fields.field.created.v1',
      'fields.field.updated.v1',
    ]);
  });

  it('refuses a non-admin and an unknown field without an event', async () => {
    const created = await t.create();
    const forbidden = await t.call(`/api/v1/fields/${created.id}`, {
      method: 'PATCH',
      token: t.user,
      json: { county: 'Kerry' },
    });
    expect(forbidden.status).toBe(403);
    const missing = await t.call('/api/v1/fields/zzzzzzzzzzzzzzzzzzzzz', {
      method: 'PATCH',
      token: t.admin,
      json: { county: 'Kerry' },
    });
    expect(missing.status).toBe(404);
    expect(await t.outboxTopics(created.id)).toEqual(['fields.field.created.v1']);
  });
});
