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

  it('refuses null for what a field must have with a 400, and clears what may be empty', async () => {
    const created = await t.create({ name: 'Charlie Copse' });
    const patch = (json: Record<string, unknown>) =>
      t.call<FieldDto & { code: string; details: { field: string }[] }>(
        `/api/v1/fields/${created.id}`,
        { method: 'PATCH', token: t.admin, json },
      );
    for (const name of ['name', 'county', 'description', 'gameTypes', 'limits', 'minimumAge']) {
      const res = await patch({ [name]: null });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('COMMON.VALIDATION_FAILED');
      expect(res.body.details.map((d) => d.field)).toEqual([name]);
    }
    expect(await t.outboxTopics(created.id)).toEqual(['fields.field.created.v1']);
    const cleared = await patch({ phone: null, website: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ name: 'Charlie Copse', phone: null, website: null });
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
