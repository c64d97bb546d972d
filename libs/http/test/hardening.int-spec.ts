import 'reflect-metadata';
import { request as httpRequest } from 'node:http';
import {
  Body,
  Controller,
  Get,
  Inject,
  Injectable,
  Module,
  type OnModuleInit,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { type ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { Authenticated, Public } from '@loadout/auth';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import {
  AcceptsBody,
  clientIpOf,
  createApp,
  MultiLine,
  Omittable,
  PlatformModule,
  type CreateAppOptions,
} from '../src';

class ItemDto {
  @IsString() @Length(3, 80) title!: string;
  @Omittable() @IsString() @MaxLength(2000) @MultiLine() description?: string;
  @Omittable() @IsEmail() email?: string;
}

@Controller('probe')
class ProbeController {
  @Public()
  @Post('items')
  create(@Body() body: ItemDto) {
    return body;
  }

  @Public()
  @Get('items/:id')
  one(@Param('id') id: string, @Query('q') q?: string) {
    return { id, q };
  }

  @Public()
  @Post('bytes')
  @AcceptsBody('application/octet-stream')
  bytes() {
    return { ok: true };
  }

  @Authenticated()
  @Get('mine')
  mine() {
    return { mine: true };
  }

  @Authenticated()
  @Post('mine')
  saveMine(@Body() body: ItemDto) {
    return body;
  }

  @Public()
  @Get('ip')
  ip(@Req() req: FastifyRequest) {
    return { ip: clientIpOf(req) };
  }
}

/** A Fastify scope registered during module init, before Nest installs its error handler. */
@Injectable()
class EarlyScope implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}
  async onModuleInit() {
    const fastify = this.host.httpAdapter.getInstance<import('fastify').FastifyInstance>();
    // Like listings' upload parts: a route that takes bytes brings its own parser.
    fastify.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_r, b, done) =>
      done(null, b),
    );
    await fastify.register(async (scope) => {
      scope.post('/scoped/echo', async (req) => ({ body: req.body }));
    });
  }
}

let auth: { issuer?: string; jwksUrl?: string; audience?: string } = {};

@Module({})
class ProbeModule {
  static register() {
    return {
      module: ProbeModule,
      imports: [PlatformModule.forRoot({ serviceName: 'test', logLevel: 'silent', auth })],
      controllers: [ProbeController],
      providers: [EarlyScope],
    };
  }
}

async function start(options: Partial<CreateAppOptions> = {}) {
  const app: NestFastifyApplication = await createApp(ProbeModule.register(), {
    corsOrigins: [],
    ...options,
  });
  await app.listen(0, '127.0.0.1');
  return { app, base: await app.getUrl() };
}

describe('finding 1: only trusted hops choose the client address', () => {
  const apps: NestFastifyApplication[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  const ipSeen = async (base: string, headers: Record<string, string>) =>
    ((await (await fetch(`${base}/probe/ip`, { headers })).json()) as { ip: string }).ip;

  it('trusts nobody by default: forged X-Forwarded-For and client-IP header change nothing', async () => {
    const { app, base } = await start({ trustedProxies: undefined });
    apps.push(app);
    expect(
      await ipSeen(base, {
        'x-forwarded-for': '203.0.113.7',
        'x-loadout-client-ip': '203.0.113.8',
      }),
    ).toBe('127.0.0.1');
  });

  it("believes the gateway's header from a trusted hop only, and only when it is an IP", async () => {
    const { app, base } = await start({ trustedProxies: ['127.0.0.0/8'] });
    apps.push(app);
    expect(await ipSeen(base, { 'x-loadout-client-ip': '198.51.100.4' })).toBe('198.51.100.4');
    expect(await ipSeen(base, { 'x-loadout-client-ip': 'not-an-ip' })).toBe('127.0.0.1');
    // Without the header: X-Forwarded-For walked back through trusted hops only.
    expect(await ipSeen(base, { 'x-forwarded-for': '6.6.6.6, 198.51.100.9' })).toBe('198.51.100.9');
  });

  it('the gateway mode ignores the client-IP header even from a trusted hop', async () => {
    const { app, base } = await start({ trustedProxies: ['10.0.0.0/8'], clientIpHeader: false });
    apps.push(app);
    expect(
      await ipSeen(base, { 'x-loadout-client-ip': '198.51.100.4', 'x-forwarded-for': '1.2.3.4' }),
    ).toBe('127.0.0.1');
  });
});

const houseShape = (body: unknown) =>
  expect(body).toEqual({
    code: expect.stringMatching(/^[A-Z]+\.[A-Z_]+$/),
    message: expect.any(String),
    requestId: expect.any(String),
    ...((body as { details?: unknown }).details !== undefined
      ? { details: expect.anything() }
      : {}),
  });

describe('hardened HTTP platform', () => {
  let app: NestFastifyApplication;
  let base: string;
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await startTestIssuer();
    auth = { issuer: issuer.issuer, jwksUrl: issuer.jwksUrl, audience: issuer.audience };
    ({ app, base } = await start({ bodyLimitBytes: 65_536 }));
  });
  afterAll(async () => {
    await app?.close();
    await issuer?.close();
    auth = {};
  });

  const post = (path: string, body: string, type = 'application/json') =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

  describe('finding 4: hostile text is a 400, never a 500', () => {
    it.each([
      ['NUL', 'ab\u0000cd', 'Title must not contain control characters.'],
      ['a control character', 'ab\u0007cd', 'Title must not contain control characters.'],
      [
        'a line break in a one-line field',
        'ab\ncd',
        'Title must be a single line (no line breaks or tabs).',
      ],
      [
        'a bidi override',
        'abc\u202Efdp.exe',
        'Title must not contain bidirectional override characters.',
      ],
      [
        'a lone surrogate',
        'ab\uD800cd',
        'Title must be valid Unicode text (no unpaired surrogates).',
      ],
      [
        'zero-width characters only',
        '\u200B\u200B\u200D\uFEFF',
        'Title must contain visible characters.',
      ],
    ])('refuses %s with a clear message', async (_what, title, message) => {
      const res = await post('/probe/items', JSON.stringify({ title }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string; details: unknown };
      expect(body).toMatchObject({ code: 'COMMON.VALIDATION_FAILED', message });
      houseShape(body);
    });

    it('refuses a lone surrogate before an email rule sees it (validator.js threw: a 500 found by the API fuzz)', async () => {
      for (const email of ['\uD800', 'a\uDFFF@example.com']) {
        const res = await post('/probe/items', JSON.stringify({ title: 'Gun', email }));
        expect(res.status).toBe(400);
        const body = (await res.json()) as { code: string };
        expect(body.code).toBe('COMMON.VALIDATION_FAILED');
        houseShape(body);
      }
    });

    it('allows line breaks and tabs in a multi-line field, never NUL', async () => {
      const ok = await post(
        '/probe/items',
        JSON.stringify({ title: 'Gun', description: 'a\n\tb' }),
      );
      expect(ok.status).toBe(201);
      const nul = await post(
        '/probe/items',
        JSON.stringify({ title: 'Gun', description: 'a\u0000' }),
      );
      expect(nul.status).toBe(400);
    });

    it('refuses NUL in a path id and in the query', async () => {
      for (const path of ['/probe/items/abc%00def', '/probe/items/abc?q=%00']) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(400);
        houseShape(await res.json());
      }
    });

    it('refuses JSON nested deeper than 32 levels before parsing it', async () => {
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      const res = await post('/probe/items', deep);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'COMMON.JSON_TOO_DEEP' });
      const fine = '{"title":"Gun","x":' + '['.repeat(30) + ']'.repeat(30) + '}';
      expect((await post('/probe/items', fine)).status).toBe(400); // unknown field, not depth
    });

    it('gives the message that fits the input (a number where text is expected)', async () => {
      const res = await post('/probe/items', JSON.stringify({ title: 42 }));
      expect(await res.json()).toMatchObject({ message: 'Title must be a string' });
    });
  });

  describe("finding 7: Fastify's own errors in the house shape", () => {
    it('invalid JSON, a body too large and a JSON body in an early scope', async () => {
      for (const res of [
        await post('/probe/items', '{oops'),
        await post('/probe/items', JSON.stringify({ title: 'x'.repeat(70_000) })),
        await post('/scoped/echo', '{oops'),
        await post('/scoped/echo', 'x'.repeat(70_000)),
      ]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        houseShape(await res.json());
      }
    });

    it('a bad URL, a parameter too long, an unknown route', async () => {
      for (const [path, status] of [
        ['/probe/items/%E0%A4%A', 400],
        [`/probe/items/${'a'.repeat(200)}`, 414],
        ['/no/such/route', 404],
      ] as const) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(status);
        houseShape(await res.json());
      }
    });

    it('headers too large (431)', async () => {
      const { status, body } = await new Promise<{ status: number; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(`${base}/probe/items/x`, {
            headers: { 'x-big': 'a'.repeat(20_000) },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode!, body: text }));
          });
          req.on('error', reject);
          req.end();
        },
      );
      expect(status).toBe(431);
      houseShape(JSON.parse(body));
    });

    it('a malformed CORS preflight gets no text/plain refusal', async () => {
      const res = await fetch(`${base}/probe/items`, { method: 'OPTIONS' });
      expect(res.status).toBeLessThan(500);
      const text = await res.text();
      if (text) houseShape(JSON.parse(text));
    });
  });

  describe('finding 8: JSON only, no-store, Permissions-Policy', () => {
    it('refuses form-encoded and text bodies on JSON routes with 415', async () => {
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', 'title=Gun'],
        ['text/plain', '{"title":"Gun"}'],
        ['multipart/form-data; boundary=x', '--x--'],
      ]) {
        const res = await post('/probe/items', body!, type);
        expect(res.status).toBe(415);
        expect(await res.json()).toMatchObject({
          code: 'HTTP.UNSUPPORTED_MEDIA_TYPE',
          message: 'Send the body as JSON (Content-Type: application/json).',
          details: { accepted: ['application/json'] },
        });
      }
    });

    it('answers a signed-out form post 401 before 415, and a signed-in one 415', async () => {
      const signedOut = await post('/probe/mine', 'title=Gun', 'application/x-www-form-urlencoded');
      expect(signedOut.status).toBe(401);
      expect(await signedOut.json()).toMatchObject({ code: 'AUTH.REQUIRED' });
      const res = await fetch(`${base}/probe/mine`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await issuer.sign({ sub: 'u1' })}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'title=Gun',
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ code: 'HTTP.UNSUPPORTED_MEDIA_TYPE' });
    });

    it('runs no global Nest interceptor on HTTP requests (ADR 0053)', () => {
      const config = (app as unknown as { config: ApplicationConfig }).config;
      expect(config.getGlobalInterceptors()).toEqual([]);
    });

    it('names the types a route that takes bytes accepts when another type is sent', async () => {
      const res = await post('/probe/bytes', 'raw', 'image/gif');
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({
        code: 'HTTP.UNSUPPORTED_MEDIA_TYPE',
        message: 'This route takes application/octet-stream (Content-Type).',
        details: { accepted: ['application/octet-stream'] },
      });
    });

    it('keeps the routes that take another type working', async () => {
      const res = await fetch(`${base}/probe/bytes`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: 'raw',
      });
      expect(res.status).not.toBe(415);
    });

    it('sends no-store on authenticated responses and a Permissions-Policy everywhere', async () => {
      const token = await issuer.sign({ sub: 'u1' });
      const mine = await fetch(`${base}/probe/mine`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('no-store');
      const anon = await fetch(`${base}/probe/items/abc`);
      expect(anon.headers.get('permissions-policy')).toContain('camera=()');
    });
  });
});
