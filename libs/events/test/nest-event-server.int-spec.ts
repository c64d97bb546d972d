import 'reflect-metadata';
import { type EventOf } from '@loadout/contracts';
import { migrate, serviceDataSourceOptions } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { AppError } from '@loadout/errors';
import { Controller, Inject, Injectable, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DataSource, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  connectEventServer,
  createEventServer,
  createEventTables,
  dropEventTables,
  EventContext,
  EventsModule,
  OutboxRelay,
  OutboxWriter,
  typeormTransactionRunner,
} from '../src/index';
import { fieldCreated, newFieldId } from './factories/field-event.factory';
import { recordingLogger } from './support/test-logger';
import { waitFor } from '../src/testing';

// Each test takes well under a second; the margin is for loaded CI machines.
jest.setTimeout(20_000);

// The migrations of two services, exactly as a service writes them.
class FieldsInit1700000000000 implements MigrationInterface {
  name = 'FieldsInit1700000000000';
  async up(q: QueryRunner) {
    await q.query(
      `CREATE TABLE "fields"."field" (id text PRIMARY KEY, name text NOT NULL, county text NOT NULL)`,
    );
    await createEventTables(q, 'fields');
  }
  async down(q: QueryRunner) {
    await dropEventTables(q, 'fields');
    await q.query(`DROP TABLE "fields"."field"`);
  }
}

class NotificationsInit1700000000000 implements MigrationInterface {
  name = 'NotificationsInit1700000000000';
  async up(q: QueryRunner) {
    await q.query(
      `CREATE TABLE "notifications"."field_name" (field_id text PRIMARY KEY, name text NOT NULL)`,
    );
    await createEventTables(q, 'notifications');
  }
  async down(q: QueryRunner) {
    await dropEventTables(q, 'notifications');
    await q.query(`DROP TABLE "notifications"."field_name"`);
  }
}

const FIELDS_DB = Symbol('FIELDS_DB');

/** A producing use case: state change and event in one transaction. */
@Injectable()
class CreateFieldHandler {
  constructor(
    @Inject(FIELDS_DB) private readonly db: DataSource,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
  ) {}

  async execute(fieldId: string, name: string, opts: { failAfterWrite?: boolean } = {}) {
    return this.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO "fields"."field" (id, name, county) VALUES ($1, $2, 'Down')`, [
        fieldId,
        name,
      ]);
      const event = await this.outbox.append(tx, 'fields', fieldCreated(fieldId, name), {
        correlationId: 'req-42',
        actorId: 'admin-1',
      });
      if (opts.failAfterWrite)
        throw new AppError('FIELDS.CONFLICT', 'simulated failure after the write', 'conflict');
      return event;
    });
  }
}

/** A consumer written once, for any transport: a plain @EventPattern handler. */
@Controller()
class FieldNameProjector {
  calls = 0;

  @EventPattern('fields.field.created.v1')
  async onFieldCreated(
    @Payload() event: EventOf<'fields.field.created.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    this.calls += 1;
    if (event.payload.name === 'poison') {
      throw new AppError(
        'NOTIFICATIONS.FIELD_REFUSED',
        'field name refused by the projector',
        'validation',
      );
    }
    await ctx
      .getTransaction()
      .query(`INSERT INTO "notifications"."field_name" (field_id, name) VALUES ($1, $2)`, [
        event.payload.fieldId,
        event.payload.name,
      ]);
  }
}

describe('Nest wiring: EventsModule + PostgresEventServer', () => {
  let db: TestDatabase;
  let fieldsDb: DataSource;
  let notificationsDb: DataSource;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase('events_nest');
    fieldsDb = new DataSource(
      serviceDataSourceOptions({
        url: db.url,
        schema: 'fields',
        entities: [],
        migrations: [FieldsInit1700000000000],
      }),
    );
    notificationsDb = new DataSource(
      serviceDataSourceOptions({
        url: db.url,
        schema: 'notifications',
        entities: [],
        migrations: [NotificationsInit1700000000000],
      }),
    );
    await migrate(fieldsDb);
    await migrate(notificationsDb);

    @Module({
      imports: [
        EventsModule.forRoot({
          schema: 'fields',
          databaseUrl: db.url,
          transport: {
            kind: 'postgres',
            connectionString: db.url,
            pollIntervalMs: 50,
            logger: recordingLogger(),
          },
          relay: { pollIntervalMs: 50 },
        }),
      ],
      controllers: [FieldNameProjector],
      providers: [{ provide: FIELDS_DB, useValue: fieldsDb }, CreateFieldHandler],
    })
    class TestAppModule {}

    // The shape of a service's main.ts: HTTP app plus the event consumer as a microservice.
    app = await NestFactory.create(TestAppModule, new FastifyAdapter(), { logger: false });
    connectEventServer(
      app,
      createEventServer({
        transport: {
          kind: 'postgres',
          connectionString: db.url,
          pollIntervalMs: 50,
          retryDelayMs: 50,
        },
        group: 'notifications',
        schema: 'notifications',
        db: typeormTransactionRunner(notificationsDb),
        maxAttempts: 2,
        retryDelayMs: 5,
        logger: recordingLogger(),
      }),
    );
    await app.startAllMicroservices();
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await fieldsDb?.destroy();
    await notificationsDb?.destroy();
    await db?.drop();
  });

  const fieldNames = async () =>
    (await notificationsDb.query(
      `SELECT field_id, name FROM "notifications"."field_name" ORDER BY name`,
    )) as {
      field_id: string;
      name: string;
    }[];

  it('runs an @EventPattern handler once for an event committed by a use case', async () => {
    const fieldId = newFieldId();
    const event = await app.get(CreateFieldHandler).execute(fieldId, 'Ballykinler CQB');

    await waitFor('the projection', async () =>
      (await fieldNames()).some((r) => r.field_id === fieldId),
    );
    const inbox = await notificationsDb.query(
      `SELECT consumer, event_id FROM "notifications"."inbox"`,
    );
    expect(inbox).toEqual([{ consumer: 'notifications', event_id: event.id }]);
    expect(event).toMatchObject({ correlationId: 'req-42', actorId: 'admin-1', causationId: null });
  });

  it('emits nothing when the use case transaction fails', async () => {
    const fieldId = newFieldId();
    await expect(
      app.get(CreateFieldHandler).execute(fieldId, 'rolled back', { failAfterWrite: true }),
    ).rejects.toMatchObject({
      code: 'FIELDS.CONFLICT',
    });
    const outbox = await fieldsDb.query(
      `SELECT count(*)::int AS n FROM "fields"."outbox" WHERE aggregate_id = $1`,
      [fieldId],
    );
    expect(outbox[0].n).toBe(0);
  });

  it("dead-letters a handler that keeps failing, with the handler's own error, and goes on", async () => {
    const projector = app.get(FieldNameProjector);
    const before = projector.calls;
    const poison = await app.get(CreateFieldHandler).execute(newFieldId(), 'poison');
    const nextId = newFieldId();
    await app.get(CreateFieldHandler).execute(nextId, 'Zulu Ridge');

    await waitFor('the event after the poison', async () =>
      (await fieldNames()).some((r) => r.field_id === nextId),
    );
    const dead = await notificationsDb.query(
      `SELECT event_id, consumer, topic, error, attempts FROM "notifications"."dead_letter"`,
    );
    expect(dead).toEqual([
      {
        event_id: poison.id,
        consumer: 'notifications',
        topic: 'fields.field.created.v1',
        error: 'field name refused by the projector',
        attempts: 2,
      },
    ]);
    expect(projector.calls - before).toBe(3);
  });

  it('stops the relay and the consumer with the app', async () => {
    const relay = app.get(OutboxRelay);
    expect(relay.running).toBe(true);
    await app.close();
    expect(relay.running).toBe(false);
    // Relay, publishing transport and consumer transport all released their connections.
    await waitFor('event connections to close', async () => {
      const rows = await fieldsDb.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'loadout-%'`,
      );
      return rows[0].n === 0;
    });
  });
});
