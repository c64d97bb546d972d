import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { type ApplicationConfig } from '@nestjs/core';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';
import { loadConfig, portVar, serviceEnv } from '@loadout/config';
import { type EventOf } from '@loadout/contracts';
import { createEventTables, type EventContext } from '@loadout/events';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';
import { defineService, type DeadLetterList } from '../src';
import { useServiceUnderTest } from '../src/testing';

const loadTallyConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(serviceEnv.extend({ PORT: portVar(3998) }), env);

class CreateTally1700000000000 implements MigrationInterface {
  name = 'CreateTally1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS "tally"`);
    await q.query(`CREATE TABLE "tally"."seen" ("field_id" text NOT NULL)`);
    await createEventTables(q, 'tally');
  }
  async down(): Promise<void> {}
}

/** Fails every field named "Poison" while `poisoned` is true; records the others. */
const switches = { poisoned: true };

@Controller()
class TallyConsumer {
  @EventPattern('fields.field.created.v1')
  async onCreated(
    @Payload() event: EventOf<'fields.field.created.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    if (switches.poisoned && event.payload.name === 'Poison') throw new Error('cannot tally it');
    await ctx
      .getTransaction()
      .query(`INSERT INTO "tally"."seen" VALUES ($1)`, [event.payload.fieldId]);
  }
}

@Module({ controllers: [TallyConsumer] })
class TallyModule {}

const tallyService = defineService({
  name: 'tally',
  loadConfig: loadTallyConfig,
  entities: [],
  migrations: [CreateTally1700000000000],
  modules: () => [TallyModule],
  consumers: [{ group: 'tally' }],
});

describe("every kit service's dead letters (internal/dead-letters)", () => {
  let fields: OutboxPublisher | undefined;
  // Declared first so it runs before the service's own afterAll drops the database.
  afterAll(async () => {
    await fields?.close();
  });
  const t = useServiceUnderTest(tallyService, {
    app: { consumer: { maxAttempts: 2, retryDelayMs: 10, logger: quietLogger() } },
  });
  let admin = '';
  const publish = (fieldId: string, name: string) =>
    fields!.publish({
      type: 'fields.field.created.v1',
      aggregateId: fieldId,
      payload: { fieldId, name, county: 'Cork' },
    });

  beforeAll(async () => {
    fields = await OutboxPublisher.start(t.db.url, 'fields');
    admin = await t.token('admin-1', ['user', 'admin']);
  });

  const seen = async (fieldId: string) =>
    (
      (await t.ds.query(`SELECT count(*)::int AS n FROM "tally"."seen" WHERE field_id = $1`, [
        fieldId,
      ])) as { n: number }[]
    )[0]!.n;
  const list = async () =>
    (await t.call<DeadLetterList>('/internal/dead-letters', { token: admin })).body;

  it('lists a poisoned event to admins only, replays it once through the consumer, then 404s', async () => {
    const good = await publish('f-good', 'Good');
    const poison = await publish('f-poison', 'Poison');
    await waitFor('the poison event dead-lettered', async () =>
      (await list()).items.some((d) => d.eventId === poison.id),
    );
    expect(await seen('f-good')).toBe(1);
    expect(good.id).not.toBe(poison.id);

    expect((await t.call('/internal/dead-letters')).status).toBe(401);
    const user = await t.token('user-1');
    expect((await t.call('/internal/dead-letters', { token: user })).status).toBe(403);
    const replayPath = `/internal/dead-letters/tally/${poison.id}/replay`;
    expect((await t.call(replayPath, { method: 'POST', token: user })).status).toBe(403);

    const body = await list();
    expect(body.service).toBe('tally');
    expect(body.items).toEqual([
      expect.objectContaining({
        consumer: 'tally',
        eventId: poison.id,
        topic: 'fields.field.created.v1',
        attempts: 2,
        error: expect.stringContaining('cannot tally it'),
      }),
    ]);

    switches.poisoned = false;
    const replayed = await t.call(replayPath, { method: 'POST', token: admin });
    expect(replayed).toMatchObject({ status: 200, body: { replayed: true } });
    await waitFor('the replayed event processed', async () => (await seen('f-poison')) === 1);
    expect((await list()).items).toEqual([]);
    // Processed once: the good event is not processed again by the replay's redelivery.
    await new Promise((r) => setTimeout(r, 300));
    expect(await seen('f-poison')).toBe(1);
    expect(await seen('f-good')).toBe(1);
    const again = await t.call<{ code: string }>(replayPath, { method: 'POST', token: admin });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('EVENTS.DEAD_LETTER_NOT_FOUND');
  });

  it('keeps the failure recorder off the HTTP side: no global interceptor there (ADR 0053)', () => {
    // Any global interceptor puts every HTTP request through Nest's rxjs chain; the recorder
    // belongs to the consumer alone (the case above shows it still records the handler's error).
    const http = (t.app as unknown as { config: ApplicationConfig }).config;
    expect(http.getGlobalInterceptors()).toEqual([]);
    expect(http.getGlobalRequestInterceptors()).toEqual([]);
  });

  it('discards a dead letter without processing it', async () => {
    switches.poisoned = true;
    const poison = await publish('f-poison-2', 'Poison');
    await waitFor('dead-lettered', async () =>
      (await list()).items.some((d) => d.eventId === poison.id),
    );
    const path = `/internal/dead-letters/tally/${poison.id}`;
    expect((await t.call(path, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await t.call(path, { method: 'DELETE', token: admin })).status).toBe(404);
    expect((await list()).items).toEqual([]);
    expect(await seen('f-poison-2')).toBe(0);
    expect(
      (
        await t.call('/internal/dead-letters/tally/not-a-uuid/replay', {
          method: 'POST',
          token: admin,
        })
      ).status,
    ).toBe(404);
    expect((await t.call('/internal/dead-letters?limit=0', { token: admin })).status).toBe(400);
  });
});
