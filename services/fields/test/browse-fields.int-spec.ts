import 'reflect-metadata';
import { type FieldDto, type FieldListResponse } from '@loadout/contracts';
import { useFieldsApp } from './support/fields-harness';

describe('browse fields', () => {
  const t = useFieldsApp();

  it('pages through fields by keyset without repeats or gaps, with filters', async () => {
    for (let i = 0; i < 5; i++) {
      await t.create({ county: 'Cork', gameTypes: i % 2 ? ['cqb'] : ['woodland', 'cqb'] });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/api/v1/fields?county=Cork&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await t.call<FieldListResponse>(q);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((f) => f.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);

    const woodland = await t.call<FieldListResponse>(
      '/api/v1/fields?county=Cork&gameType=woodland',
    );
    expect(woodland.body.items).toHaveLength(3);
    expect(woodland.body.items.every((f) => f.gameTypes.includes('woodland'))).toBe(true);
  });

  it('counts fields and returns one by id, 404 for unknown ids', async () => {
    const before = (await t.call<{ count: number }>('/api/v1/fields/stats')).body.count;
    const created = await t.create({ name: 'Charlie Range' });
    expect((await t.call<{ count: number }>('/api/v1/fields/stats')).body.count).toBe(before + 1);
    const one = await t.call<FieldDto>(`/api/v1/fields/${created.id}`);
    expect(one.body).toMatchObject({ id: created.id, name: 'Charlie Range' });
    const missing = await t.call('/api/v1/fields/zzzzzzzzzzzzzzzzzzzzz');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      code: 'FIELDS.NOT_FOUND',
      message: 'That playing field could not be found.',
    });
  });

  it('refuses a tampered cursor and what a column cannot hold with a clear 400', async () => {
    const res = await t.call('/api/v1/fields?cursor=garbage');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'COMMON.INVALID_CURSOR' });
    for (const path of ['/api/v1/fields/abc%00def', '/api/v1/fields?county=%00']) {
      expect((await t.call(path)).status).toBe(400);
    }
    const badCursor = Buffer.from(JSON.stringify(['a\u0000', 'x'])).toString('base64url');
    expect((await t.call(`/api/v1/fields?cursor=${badCursor}`)).status).toBe(400);
  });
});
