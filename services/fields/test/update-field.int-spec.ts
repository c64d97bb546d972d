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

  it('keeps every one of concurrent edits of different details (no lost update)', async () => {
    const created = await t.create({ name: 'Echo Range' });
    const edits: Record<string, unknown>[] = [
      { name: 'Echo Range Two' },
      { address: '9 Quarry Lane, Testtown' },
      { phone: '+353 1 555 0100' },
      { website: 'https://example.com/echo' },
      { description: 'Edited concurrently, and every edit must survive the others.' },
      { minimumAge: 14 },
      { rentalAvailable: false },
      { openingDays: ['sunday'] },
      { gameTypes: ['cqb', 'urban'] },
      { eircode: 'A65 F4E2' },
    ];
    const results = await Promise.all(
      edits.map((json) =>
        t.call(`/api/v1/fields/${created.id}`, { method: 'PATCH', token: t.admin, json }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(edits.map(() => 200));
    const after = await t.call<FieldDto>(`/api/v1/fields/${created.id}`);
    expect(after.body).toMatchObject(Object.assign({}, ...edits));
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
