import 'reflect-metadata';
import { Body, Controller, Get, Inject, Module, Post } from '@nestjs/common';
import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { Public } from '@loadout/auth';
import { z } from 'zod';
import { loadConfig, portVar, serviceEnv } from '@loadout/config';
import { defineService } from '../src';
import { freePort, startServiceUnderTest, type ServiceUnderTest } from '../src/testing';

// Databases and Nest apps are slow on two cores shared with other builds.
jest.setTimeout(30_000);

const NOTES_CONFIG = Symbol('NOTES_CONFIG');
const loadNotesConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(
    serviceEnv.extend({
      PORT: portVar(3996),
      PUBLIC_URL: z.string().url().default('http://localhost'),
    }),
    env,
  );
type NotesConfig = ReturnType<typeof loadNotesConfig>;

class CreateNotes1700000000000 implements MigrationInterface {
  name = 'CreateNotes1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "notes"."notes" ("text" text NOT NULL)`);
  }
  async down(): Promise<void> {}
}

/** A note store that also says which app instance answered and what it thinks its address is. */
@Controller('api/v1/notes')
class NotesController {
  private static started = 0;
  private readonly instance = ++NotesController.started;

  constructor(@Inject(NOTES_CONFIG) private readonly config: NotesConfig) {}

  @Public()
  @Post()
  async add(@Body() body: { text: string }) {
    return { added: body.text };
  }

  @Public()
  @Get('whoami')
  whoami() {
    return { instance: this.instance, publicUrl: this.config.PUBLIC_URL };
  }
}

@Module({ controllers: [NotesController] })
class NotesModule {}

const notesService = defineService({
  name: 'notes',
  loadConfig: loadNotesConfig,
  configToken: NOTES_CONFIG,
  entities: [],
  migrations: [CreateNotes1700000000000],
  modules: () => [NotesModule],
});

describe('the service under test: port, restart, JSON calls', () => {
  let port: number;
  let t: ServiceUnderTest<NotesConfig>;
  beforeAll(async () => {
    port = await freePort();
    t = await startServiceUnderTest(notesService, {
      port,
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('listens on the given port, so its configuration can know its own address', async () => {
    expect(t.base).toBe(`http://127.0.0.1:${port}`);
    const who = await t.call<{ publicUrl: string }>('/api/v1/notes/whoami');
    expect(who.body.publicUrl).toBe(`http://127.0.0.1:${port}`);
  });

  it('posts a JSON body when no method is given', async () => {
    const res = await t.call('/api/v1/notes', { json: { text: 'bring BBs' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ added: 'bring BBs' });
  });

  it('restarts as a new app on the same port and database', async () => {
    await t.ds.query(`INSERT INTO notes.notes VALUES ('kept')`);
    const before = t.app;
    const first = await t.call<{ instance: number }>('/api/v1/notes/whoami');
    await t.restart();
    expect(t.app).not.toBe(before);
    expect(t.base).toBe(`http://127.0.0.1:${port}`);
    const second = await t.call<{ instance: number }>('/api/v1/notes/whoami');
    expect(second.status).toBe(200);
    expect(second.body.instance).toBeGreaterThan(first.body.instance);
    expect(await t.ds.query(`SELECT text FROM notes.notes`)).toEqual([{ text: 'kept' }]);
  });

  it('restarts after a stop of its own (a simulated crash)', async () => {
    const crashed = t.app;
    const stopped: unknown[] = [];
    await t.restart(async (app) => {
      stopped.push(app);
      await app.close();
    });
    expect(stopped).toEqual([crashed]);
    expect(t.app).not.toBe(crashed);
    expect((await t.call('/api/v1/notes/whoami')).status).toBe(200);
  });
});

describe('the service under test as its own issuer (issuer: false)', () => {
  it('sets no AUTH_ISSUER, and has no test issuer to hand out or sign with', async () => {
    const t = await startServiceUnderTest(notesService, { issuer: false, label: 'notes_self' });
    try {
      expect(t.config.AUTH_ISSUER).toBeUndefined();
      expect(t.config.AUTH_AUDIENCE).toBeUndefined();
      expect(() => t.issuer).toThrow('notes was started as its own issuer');
      await expect(t.token('user-1')).rejects.toThrow('notes was started as its own issuer');
      expect((await t.call('/api/v1/notes/whoami')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
