import 'reflect-metadata';
import { type FieldDto } from '@loadout/contracts';
import { buildField } from './factories/field.factory';
import { useFieldsApp } from './support/fields-harness';

describe('create a field', () => {
  const t = useFieldsApp();
  const post = <T = { code: string; message: string }>(json: unknown, token = t.admin) =>
    t.call<T>('/api/v1/fields', { method: 'POST', token, json });

  it('lets an admin create a field and records the event in the outbox', async () => {
    const res = await post<FieldDto>(buildField({ name: 'Alpha Woods', eircode: 'd02x285' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Alpha Woods', eircode: 'D02 X285', isExample: false });
    expect(res.body.id).toHaveLength(21);
    const rows = await t.ds.query(
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
    const anonymous = await t.call('/api/v1/fields', { method: 'POST', json: buildField() });
    expect(anonymous.body).toMatchObject({ code: 'AUTH.REQUIRED' });
    const forbidden = await post(buildField(), t.user);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'AUTH.FORBIDDEN' });
  });

  it('refuses invalid input with field details and unknown fields', async () => {
    const bad = await post<{ code: string; details: { field: string }[] }>(
      buildField({ county: 'Atlantis', gameTypes: [] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('COMMON.VALIDATION_FAILED');
    expect(bad.body.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['county', 'gameTypes']),
    );
    expect((await post({ ...buildField(), owner: 'me' })).status).toBe(400);
    const rule = await post(
      buildField({ limits: { aegJoules: 1.5, dmrJoules: 1, sniperJoules: null } }),
    );
    expect(rule.body).toMatchObject({
      code: 'FIELDS.INVALID',
      message: 'The DMR limit cannot be below the AEG limit.',
    });
  });

  it('finding 4: refuses what the columns cannot hold with a 400, never a 500', async () => {
    const long = await post(buildField({ website: `https://example.ie/${'a'.repeat(400)}` }));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Website must be at most 300 characters.');
    expect((await post(buildField({ eircode: 'D02 X285 EXTRA' }))).status).toBe(400);
    const nul = await post(buildField({ name: 'Alpha\u0000Woods' }));
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'COMMON.VALIDATION_FAILED' });
  });

  it('refuses joule limits with more than 2 decimals with a 400, 1e-7 included (it was a 500)', async () => {
    for (const aegJoules of [1e-7, 1.005]) {
      const res = await post<{ code: string; details: { field: string; messages: string[] }[] }>(
        buildField({ limits: { aegJoules, dmrJoules: null, sniperJoules: null } }),
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('COMMON.VALIDATION_FAILED');
      expect(res.body.details).toEqual([
        {
          field: 'limits.aegJoules',
          messages: ['Joule limits must be numbers with at most 2 decimals, such as 1.14.'],
        },
      ]);
    }
    const fine = await post<FieldDto>(
      buildField({ limits: { aegJoules: 1.14, dmrJoules: null, sniperJoules: null } }),
    );
    expect(fine.status).toBe(201);
    expect(fine.body.limits.aegJoules).toBe(1.14);
  });

  it('rolls back the change when the event cannot be written', async () => {
    await t.ds.query(`ALTER TABLE fields.outbox ADD CONSTRAINT no_writes CHECK (false) NOT VALID`);
    try {
      const res = await post(buildField({ name: 'Ghost Field' }));
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: 'COMMON.INTERNAL' });
    } finally {
      await t.ds.query(`ALTER TABLE fields.outbox DROP CONSTRAINT no_writes`);
    }
    const rows = await t.ds.query(`SELECT 1 FROM fields.fields WHERE name = 'Ghost Field'`);
    expect(rows).toHaveLength(0);
  });
});
