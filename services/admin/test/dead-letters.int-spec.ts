import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { type AdminPage, type AuditEntryDto, type DeadLetterSourceDto } from '@loadout/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@loadout/service-kit/testing';
import { type AdminConfig } from '../src/admin.config';
import { adminService } from '../src/admin.service';
import { otherService } from './support/other-service';

/** A dead letter as a consumer group of `schema` leaves it (IdempotentConsumer). */
async function deadLetter(t: ServiceUnderTest, schema: string, consumer: string): Promise<string> {
  const id = randomUUID();
  const envelope = {
    id,
    type: 'identity.user.verified.v1',
    version: 1,
    aggregateId: 'user-9',
    occurredAt: new Date().toISOString(),
    correlationId: null,
    causationId: null,
    actorId: null,
    payload: { userId: 'user-9' },
  };
  await t.ds.query(
    `INSERT INTO "${schema}"."dead_letter" (event_id, consumer, topic, envelope, error, attempts)
     VALUES ($1, $2, $3, $4::jsonb, 'boom', 5)`,
    [id, consumer, envelope.type, JSON.stringify(envelope)],
  );
  await t.ds.query(
    `INSERT INTO "${schema}"."inbox" (consumer, event_id, topic) VALUES ($1, $2, $3)`,
    [consumer, id, envelope.type],
  );
  return id;
}

describe('dead letters of every service, from the admin service', () => {
  let issuer: TestIssuer;
  let fields: ServiceUnderTest;
  let admin: ServiceUnderTest<AdminConfig>;
  let token = '';

  beforeAll(async () => {
    // One issuer signs for both services, as in production.
    issuer = await startTestIssuer();
    // Stands at FIELDS_URL: any kit service answers the same internal routes.
    fields = await startServiceUnderTest(otherService, { issuer });
    admin = await startServiceUnderTest(adminService, {
      issuer,
      // ORDERS_URL names a port nothing listens on: that source is listed as unavailable.
      env: { FIELDS_URL: fields.base, ORDERS_URL: 'http://127.0.0.1:9' },
    });
    token = await admin.token('admin-1', ['user', 'admin']);
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await fields?.close();
    await issuer?.close();
  });

  const sources = async () =>
    (await admin.call<{ sources: DeadLetterSourceDto[] }>('/api/v1/admin/dead-letters', { token }))
      .body.sources;

  it("lists each service's dead letters, and the ones it cannot reach as unavailable", async () => {
    const fromFields = await deadLetter(fields, 'other', 'fields');
    const fromAdmin = await deadLetter(admin, 'admin', 'admin');
    const all = await sources();
    const by = Object.fromEntries(all.map((s) => [s.service, s]));
    expect(by['fields']).toMatchObject({
      status: 'ok',
      items: [expect.objectContaining({ eventId: fromFields, consumer: 'fields', error: 'boom' })],
    });
    expect(by['admin']!.items.map((d) => d.eventId)).toEqual([fromAdmin]);
    expect(by['orders']).toEqual({ service: 'orders', status: 'unavailable', items: [] });
    expect(by['identity']!.status).toBe('unavailable');
    const user = await admin.token('user-1');
    expect((await admin.call('/api/v1/admin/dead-letters', { token: user })).status).toBe(403);
  });

  it('replays one in its service (back in its outbox, same id) and audits it; discards another', async () => {
    const [letter] = (await sources()).find((s) => s.service === 'fields')!.items;
    const path = `/api/v1/admin/dead-letters/fields/fields/${letter!.eventId}`;
    const replayed = await admin.call(`${path}/replay`, { method: 'POST', token });
    expect(replayed).toMatchObject({ status: 200, body: { replayed: true } });
    const outbox = await fields.ds.query(`SELECT id, topic FROM "other"."outbox" WHERE id = $1`, [
      letter!.eventId,
    ]);
    expect(outbox).toEqual([{ id: letter!.eventId, topic: 'identity.user.verified.v1' }]);
    const inbox = await fields.ds.query(`SELECT 1 FROM "other"."inbox" WHERE event_id = $1`, [
      letter!.eventId,
    ]);
    expect(inbox).toEqual([]);
    expect((await admin.call(`${path}/replay`, { method: 'POST', token })).status).toBe(404);

    const [own] = (await sources()).find((s) => s.service === 'admin')!.items;
    const discard = `/api/v1/admin/dead-letters/admin/admin/${own!.eventId}`;
    expect((await admin.call(discard, { method: 'DELETE', token })).status).toBe(204);
    expect((await admin.call(discard, { method: 'DELETE', token })).status).toBe(404);
    expect(
      (await admin.call('/api/v1/admin/dead-letters/nowhere/x/y/replay', { method: 'POST', token }))
        .status,
    ).toBe(404);

    const audit = await admin.call<AdminPage<AuditEntryDto>>(
      '/api/v1/admin/audit-log?targetType=dead_letter',
      { token },
    );
    expect(audit.body.items.map((e) => [e.action, e.targetId])).toEqual([
      ['dead_letter.discarded', `admin/admin/${own!.eventId}`],
      ['dead_letter.replayed', `fields/fields/${letter!.eventId}`],
    ]);
  });
});
