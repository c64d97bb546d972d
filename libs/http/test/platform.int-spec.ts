import 'reflect-metadata';
import { Body, Controller, Get, Module, type OnModuleInit, Post } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { Authenticated, Public } from '@loadout/auth';
import { createApp, PlatformModule, ReadinessRegistry } from '../src';

class NoteDto {
  @IsString() title!: string;
  @IsInt() @Min(1) @Max(5) stars!: number;
}

let dependencyUp = true;

@Controller('notes')
class NotesController {
  @Public()
  @Post()
  create(@Body() body: NoteDto) {
    return body;
  }

  @Authenticated()
  @Get('mine')
  mine() {
    return [];
  }

  @Get('undeclared')
  undeclared() {
    return 'should never be served';
  }

  @Public()
  @Get('boom')
  boom() {
    throw new Error('secret internals');
  }
}

@Module({
  imports: [PlatformModule.forRoot({ serviceName: 'test', logLevel: 'silent', auth: {} })],
  controllers: [NotesController],
})
class TestModule implements OnModuleInit {
  constructor(private readonly readiness: ReadinessRegistry) {}
  onModuleInit() {
    this.readiness.register({
      name: 'dependency',
      check: async () => {
        if (!dependencyUp) throw new Error('down');
      },
    });
  }
}

describe('platform HTTP conventions', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await createApp(TestModule, {
      corsOrigins: ['https://loadout.ie'],
      openApiTitle: 'test',
    });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (body: unknown) =>
    fetch(`${base}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('validates bodies and returns field details', async () => {
    const res = await post({ title: 'ok', stars: 9 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; details: { field: string }[] };
    expect(body.code).toBe('COMMON.VALIDATION_FAILED');
    expect(body.details[0]!.field).toBe('stars');
  });

  it('refuses unknown fields instead of dropping them', async () => {
    const res = await post({ title: 'ok', stars: 3, admin: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Property admin should not exist' });
  });

  it('accepts a valid body', async () => {
    const res = await post({ title: 'ok', stars: 3 });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ title: 'ok', stars: 3 });
  });

  it('refuses a route that does not declare who may call it', async () => {
    const res = await fetch(`${base}/notes/undeclared`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'AUTH.ROUTE_NOT_DECLARED' });
  });

  it('asks for sign-in on authenticated routes', async () => {
    const res = await fetch(`${base}/notes/mine`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'AUTH.REQUIRED' });
  });

  it('hides internals of unexpected errors and echoes the request id', async () => {
    const res = await fetch(`${base}/notes/boom`, { headers: { 'x-request-id': 'trace-42' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    expect(await res.json()).toEqual({
      code: 'COMMON.INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      requestId: 'trace-42',
    });
  });

  it('answers malformed JSON with the error body', async () => {
    const res = await fetch(`${base}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'COMMON.BAD_REQUEST' });
  });

  it('sets security headers and allows only listed CORS origins', async () => {
    const allowed = await fetch(`${base}/health/live`, {
      headers: { origin: 'https://loadout.ie' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://loadout.ie');
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
    const other = await fetch(`${base}/health/live`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reports readiness from the registered checks', async () => {
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    dependencyUp = false;
    const down = await fetch(`${base}/health/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      code: 'HEALTH.NOT_READY',
      details: { dependency: 'down' },
    });
    dependencyUp = true;
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
  });

  it('exposes Prometheus metrics and the OpenAPI document', async () => {
    await fetch(`${base}/health/live`);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('process_cpu_user_seconds_total');
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain('/notes');
    expect(Object.keys(doc.paths)).not.toContain('/health/live');
  });
});
