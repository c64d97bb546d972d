// Over 400 lines on purpose: the suite's four parts (access matrix, mass assignment, fuzz,
// floods) share one stack and one world of users and objects, built once.
import fc from 'fast-check';
import { DEFAULT_BODY_LIMIT_BYTES } from '@loadout/http';
import { ACCESS, type Expected, type Row } from './access-table';
import { buildWorld, CALLERS, send, type Answer, type World } from './fixtures';
import { bodyFor, DELETE_ACCOUNT, ownerOf, pathFor, SIGN_OUT, tokenFor } from './matrix';
import { refresh, signInBrowser, signOutBrowser } from './callers';
import {
  bodyProperties,
  deepJson,
  fuzzValue,
  hostileString,
  routesOf,
  validValue,
  type OpenApiDoc,
  type Route,
} from './openapi';
import { SERVICES, type ServiceName } from './services';
import { everyServiceStillAnswers } from './closing';
import { serviceUrlOf, stackUnderTest, type StackUnderTest } from './stack';

/** Requests per fuzz run across all routes (issue 8: at least 10,000). */
const FUZZ_REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 10_000);
const CONCURRENCY = 16;
/** The gateway's per-client limit for this stack: low, so the flood crosses it quickly. */
const RATE_LIMIT = 120;

/** The house error shape `{ code, message, details?, requestId }`. */
function houseShapeProblem(a: Answer): string | null {
  if (a.status < 400) return null;
  if (!a.contentType.includes('application/json')) return `content-type ${a.contentType}`;
  try {
    const body = JSON.parse(a.body) as Record<string, unknown>;
    const keys = Object.keys(body).sort().join(',');
    if (typeof body['code'] !== 'string' || typeof body['message'] !== 'string')
      return `no code/message: ${a.body.slice(0, 200)}`;
    if (typeof body['requestId'] !== 'string') return `no requestId: ${a.body.slice(0, 200)}`;
    if (!['code,message,requestId', 'code,details,message,requestId'].includes(keys))
      return `extra keys ${keys}`;
    return null;
  } catch {
    return `not JSON: ${a.body.slice(0, 200)}`;
  }
}

/** Polls `call` until it answers `want` or `withinMs` pass; returns the last answer. */
async function statusWithin(call: () => Promise<number>, want: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  let status = await call();
  while (status !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    status = await call();
  }
  return status;
}

const matches = (expected: Expected, status: number) =>
  typeof expected === 'number' ? expected === status : expected.includes(status);

/** A path segment; a lone surrogate (not encodable as UTF-8) goes as the raw bytes a client could send. */
const encodeSegment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const ID_LIKE = fc.constantFrom('V1StGXR8_Z5jdHi6B-myT', 'zzzzzzzzzzzzzzzzzzzzz');

/** Fields no client may set: roles, ids, states, money, timestamps, ownership. */
const FORBIDDEN_FIELDS: Record<string, unknown> = {
  role: 'admin',
  id: 'V1StGXR8_Z5jdHi6B-myT',
  userId: 'V1StGXR8_Z5jdHi6B-myT',
  sellerId: 'V1StGXR8_Z5jdHi6B-myT',
  buyerId: 'V1StGXR8_Z5jdHi6B-myT',
  ownerId: 'V1StGXR8_Z5jdHi6B-myT',
  status: 'active',
  state: 'completed',
  amountCents: 1,
  totalCents: 1,
  feeCents: 0,
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
  emailVerifiedAt: '2000-01-01T00:00:00.000Z',
  suspendedAt: null,
  featured: true,
};

describe('API security suites against the stack started as `npm start` starts it', () => {
  let stack: StackUnderTest;
  let world: World;
  const docs = new Map<string, OpenApiDoc>();
  const routes: Route[] = [];
  const serviceUrl = (name: string) => serviceUrlOf(stack, name as ServiceName);
  const keyOf = (r: Route) => `${r.method} ${r.path}`;
  /**
   * Sends a write route's valid body with `change` on top, as whoever may call the route (its
   * owner, or an admin for admin-only routes): a problem line unless it answers 400 in the house
   * shape, else null.
   */
  const problemUnless400 = async (r: Route, change: Record<string, unknown>, what: string) => {
    const key = keyOf(r);
    const caller = ACCESS[key]?.owner === 403 ? 'admin' : 'owner';
    const a = await send(`${serviceUrl(r.service)}${pathFor(world, r.method, r.path, caller)}`, {
      method: r.method,
      token: r.secured ? tokenFor(world, r.path, caller) : undefined,
      body: { ...(bodyFor(world, key) as Record<string, unknown>), ...change },
    });
    const shape = houseShapeProblem(a);
    return a.status !== 400 || shape
      ? `${key} with ${what}: ${a.status} ${shape ?? ''} ${a.body.slice(0, 160)}`
      : null;
  };

  beforeAll(async () => {
    const started = Date.now();
    stack = await stackUnderTest({ RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
    const ready = Date.now();
    for (const { name } of SERVICES) {
      const doc = (await (await fetch(`${serviceUrl(name)}/openapi.json`)).json()) as OpenApiDoc;
      docs.set(name, doc);
      routes.push(...routesOf(name, doc));
    }
    world = await buildWorld(stack.url, serviceUrl);
    console.log(
      `stack ready in ${((ready - started) / 1000).toFixed(1)} s (builds what is stale first), world built in ${((Date.now() - ready) / 1000).toFixed(1)} s`,
    );
  }, 900_000);

  afterAll(async () => {
    await stack?.stop();
  });

  describe('access matrix (every route × anonymous, another user, owner, admin)', () => {
    it('lists every route of the OpenAPI documents', () => {
      const missing = routes.map(keyOf).filter((key) => ACCESS[key] === undefined);
      expect(missing).toEqual([]);
      const stale = Object.keys(ACCESS).filter((key) => !routes.some((r) => keyOf(r) === key));
      expect(stale).toEqual([]);
    });

    it('answers each cell as the table says', async () => {
      let cells = 0;
      const wrong: string[] = [];
      const observed: string[] = [];
      for (const r of routes) {
        const key = keyOf(r);
        const expected: Partial<Row> = ACCESS[key] ?? {};
        const row: string[] = [];
        for (const caller of CALLERS) {
          const a = await send(
            `${serviceUrl(r.service)}${pathFor(world, r.method, r.path, caller)}`,
            {
              method: r.method,
              token: tokenFor(world, r.path, caller),
              body: r.body ? bodyFor(world, key) : undefined,
            },
          );
          cells++;
          row.push(`${caller}: ${a.status}`);
          const want = expected[caller];
          if (want === undefined || !matches(want, a.status))
            wrong.push(
              `${key} as ${caller} (${caller === 'owner' ? ownerOf(r.path) : caller}): ${a.status}, expected ${JSON.stringify(want)} ${a.body.slice(0, 160)}`,
            );
        }
        observed.push(`  '${key}': { ${row.join(', ')} },`);
      }
      console.log(
        `access matrix: ${routes.length} routes × ${CALLERS.length} callers = ${cells} cells, ${wrong.length} wrong`,
      );
      if (wrong.length) console.log(`observed:\n${observed.join('\n')}`);
      expect(wrong).toEqual([]);
    });
  });

  describe('mass assignment', () => {
    it('refuses extra fields on every write route with 400 in the house shape, and persists nothing', async () => {
      const me = async (token: string) =>
        JSON.parse(
          (await send(`${serviceUrl('identity')}/api/v1/me`, { method: 'GET', token })).body,
        ) as Record<string, unknown>;
      const listing = async () =>
        JSON.parse(
          (
            await send(`${serviceUrl('listings')}/api/v1/listings/${world.listingId}`, {
              method: 'GET',
            })
          ).body,
        ) as Record<string, unknown>;
      const count = async (service: string, path: string, token: string) =>
        (
          JSON.parse(
            (await send(`${serviceUrl(service)}${path}`, { method: 'GET', token })).body,
          ) as {
            items: unknown[];
          }
        ).items.length;
      const before = {
        buyer: await me(world.tokens.buyer),
        seller: await me(world.tokens.seller),
        listing: await listing(),
        mine: await count('listings', '/api/v1/listings/mine', world.tokens.seller),
        orders: await count('orders', '/api/v1/orders', world.tokens.buyer),
        conversations: await count('messaging', '/api/v1/conversations', world.tokens.buyer),
      };

      const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.body);
      const wrong: string[] = [];
      for (const r of writes) {
        const valid = bodyFor(world, keyOf(r)) as Record<string, unknown>;
        // A field the route declares (a dispute answer's amountCents) is not mass assignment.
        const declared = new Set(bodyProperties(docs.get(r.service)!, r.body!).map((p) => p.name));
        for (const [field, value] of Object.entries(FORBIDDEN_FIELDS)) {
          if (field in valid || declared.has(field)) continue;
          const problem = await problemUnless400(r, { [field]: value }, field);
          if (problem) wrong.push(problem);
        }
      }
      console.log(
        `mass assignment: ${writes.length} write routes × up to ${Object.keys(FORBIDDEN_FIELDS).length} extra fields, ${wrong.length} not refused`,
      );
      expect(wrong).toEqual([]);

      // Read back: nothing of it persisted.
      const after = {
        buyer: await me(world.tokens.buyer),
        seller: await me(world.tokens.seller),
        listing: await listing(),
        mine: await count('listings', '/api/v1/listings/mine', world.tokens.seller),
        orders: await count('orders', '/api/v1/orders', world.tokens.buyer),
        conversations: await count('messaging', '/api/v1/conversations', world.tokens.buyer),
      };
      expect(after).toEqual(before);
      expect(after.buyer['role']).toBe('user');
    });
  });

  describe('null where the document does not allow it', () => {
    it('refuses null in every body property not marked nullable with a 400 in the house shape', async () => {
      const wrong: string[] = [];
      let sent = 0;
      for (const r of routes.filter((route) => route.body)) {
        const properties = bodyProperties(docs.get(r.service)!, r.body!);
        for (const { name } of properties.filter((p) => !p.nullable)) {
          sent++;
          const problem = await problemUnless400(r, { [name]: null }, `${name}: null`);
          if (problem) wrong.push(problem);
        }
      }
      console.log(
        `null in non-nullable body properties: ${sent} requests, ${wrong.length} not refused`,
      );
      expect(sent).toBeGreaterThan(50);
      expect(wrong).toEqual([]);
    });
  });

  describe('sessions (issue 22, items 5 and 6; ADR 0019)', () => {
    const me = (token: string) =>
      fetch(`${stack.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });

    it('refresh × 10 concurrent gives one winner and no sign-out', async () => {
      const { email, password } = world.stranger;
      const session = await signInBrowser(stack.url, email, password);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => refresh(stack.url, session.tokens.refresh_token!)),
      );
      const rotated = new Set(answers.map((a) => a.body.refresh_token));
      console.log(
        `refresh × 10: statuses ${answers.map((a) => a.status).join(',')}, ${rotated.size} new refresh token(s)`,
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(rotated.size).toBe(1);
      // Still signed in: the shared new token refreshes, and its access token opens the API.
      const next = await refresh(stack.url, [...rotated][0]!);
      expect(next.status).toBe(200);
      expect((await me(next.body.access_token!)).status).toBe(200);
    });

    it('a token after sign-out is refused, by the gateway and by the services behind it, within 5 s', async () => {
      const { email, password } = world.stranger;
      const session = await signInBrowser(stack.url, email, password);
      const token = session.tokens.access_token;
      const throughGateway = async () => (await me(token)).status;
      const straightToOrders = async () =>
        (await send(`${serviceUrl('orders')}/api/v1/orders`, { method: 'GET', token })).status;
      expect(await throughGateway()).toBe(200);
      expect(await straightToOrders()).toBe(200);

      await signOutBrowser(stack.url, session);
      // Each process has its own 5 s cache: the stated staleness, plus a margin.
      expect(await statusWithin(throughGateway, 401, 6_000)).toBe(401);
      expect(await statusWithin(straightToOrders, 401, 6_000)).toBe(401);
      // The stranger's other session is untouched.
      expect((await me(world.tokens.stranger)).status).toBe(200);
    });
  });

  describe('API fuzz (fast-check, from the OpenAPI schemas)', () => {
    it(`sends ${FUZZ_REQUESTS} valid, boundary and hostile requests: no 5xx, house-shaped errors`, async () => {
      type Sample = { url: string; method: string; token?: string; body?: string };
      const requestFor = (r: Route): fc.Arbitrary<Sample> => {
        const doc = docs.get(r.service)!;
        // Real ids (the owner's objects) half the time, so requests reach the use cases.
        const realPath = pathFor(world, r.method, r.path, 'owner');
        const pathArb = fc.oneof(
          fc.constant(realPath),
          fc
            .tuple(
              ...r.pathParams.map(() =>
                fc.oneof(
                  { weight: 2, arbitrary: ID_LIKE },
                  { weight: 1, arbitrary: hostileString },
                ),
              ),
            )
            .map((values) => {
              let i = 0;
              return r.path.replace(/\{[^}]+\}/g, () => encodeSegment(String(values[i++])));
            }),
        );
        const queryArb = fc
          .tuple(
            ...r.queryParams.map((p) =>
              fc.option(fc.oneof(validValue(doc, p.schema), hostileString), { nil: undefined }),
            ),
          )
          .map((values) => {
            const q = new URLSearchParams();
            r.queryParams.forEach((p, i) => {
              if (values[i] !== undefined) q.set(p.name, String(values[i]));
            });
            const s = q.toString();
            return s ? `?${s}` : '';
          });
        const bodyArb: fc.Arbitrary<string | undefined> = r.body
          ? fc.oneof(
              { weight: 6, arbitrary: fuzzValue(doc, r.body).map((v) => JSON.stringify(v)) },
              { weight: 2, arbitrary: validValue(doc, r.body).map((v) => JSON.stringify(v)) },
              {
                weight: 1,
                arbitrary: fc.constantFrom(
                  deepJson(40),
                  deepJson(5_000),
                  '{"a":',
                  '[]',
                  'null',
                  '"x"',
                ),
              },
            )
          : fc.constant(undefined);
        // Signed-in callers on authenticated routes (the owner, or the stranger), anonymous too;
        // sign-out and account deletion only with the throwaway account (a valid body ends its
        // sessions, or the account).
        const tokenArb = r.secured
          ? keyOf(r) === SIGN_OUT || keyOf(r) === DELETE_ACCOUNT
            ? fc.constantFrom<string | undefined>(world.tokens.throwaway, undefined)
            : fc.constantFrom<string | undefined>(
                tokenFor(world, r.path, 'owner'),
                world.tokens.stranger,
                world.tokens.admin,
                undefined,
              )
          : fc.constant<string | undefined>(undefined);
        return fc.tuple(pathArb, queryArb, bodyArb, tokenArb).map(([p, q, body, token]) => ({
          url: `${serviceUrl(r.service)}${p}${q}`,
          method: r.method,
          token,
          body,
        }));
      };
      const perRoute = Math.ceil(FUZZ_REQUESTS / routes.length);
      // Random each run; FUZZ_SEED=<the printed seed> draws the same requests again.
      const seed = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2 ** 31);
      // Drawn one route at a time: all of them at once hold a copy of every huge URL and body
      // (the run ran out of heap at 100,000 requests).
      const batches = function* () {
        for (const [i, r] of routes.entries()) {
          const samples = fc.sample(requestFor(r), { numRuns: perRoute, seed: seed + i });
          for (let j = 0; j < samples.length; j += CONCURRENCY)
            yield samples.slice(j, j + CONCURRENCY);
        }
      };
      let sent = 0;
      let fiveHundreds = 0;
      const problems: string[] = [];
      const statuses = new Map<number, number>();
      for (const batch of batches()) {
        const answers = await Promise.all(
          batch.map(async (s) => {
            try {
              return {
                s,
                a: await send(s.url, { method: s.method, token: s.token, rawBody: s.body }),
              };
            } catch (err) {
              const cause = (err as { cause?: { code?: string } }).cause?.code ?? '';
              // A request line far past Node's header limit (16 KiB), or a body past the
              // services' body limit (1 MiB), may be cut off by the server (431 or 413, then it
              // closes) while the client is still writing it: a refusal, not a failure.
              const oversize =
                (s.url.length > 16_384 ||
                  Buffer.byteLength(s.body ?? '') > DEFAULT_BODY_LIMIT_BYTES) &&
                ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(cause);
              return {
                s,
                a: {
                  status: oversize ? 0 : 599,
                  contentType: '',
                  body: `${String(err)} ${cause}`,
                  retryAfter: null,
                },
              };
            }
          }),
        );
        for (const { s, a } of answers) {
          sent++;
          statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          if (a.status === 0) continue; // oversize request line or body, connection closed (see above)
          if (a.status >= 500) {
            fiveHundreds++;
            if (problems.length < 20)
              problems.push(
                `${a.status} ${s.method} ${s.url.slice(0, 200)} ${String(s.body ?? '').slice(0, 120)} → ${a.body.slice(0, 200)}`,
              );
            continue;
          }
          const shape = houseShapeProblem(a);
          if (shape && problems.length < 20)
            problems.push(`${a.status} ${s.method} ${s.url.slice(0, 160)}: ${shape}`);
        }
      }
      console.log(
        `API fuzz (FUZZ_SEED=${seed}): ${sent} requests over ${routes.length} routes, ${fiveHundreds} responses >= 500 (599: the request failed in transport); statuses (0: oversize request line or body, connection closed by the service) ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );
      if (problems.length) {
        // Printed whole (an assertion diff is cut short), with what the services logged for
        // their 5xx answers, so a failure in CI says which request and which error.
        const logged = stack
          .output()
          .split('\n')
          .filter((line) => line.includes('request failed'))
          .slice(0, 10)
          .map((line) => line.slice(0, 3000));
        console.log(`fuzz problems:\n${problems.join('\n')}\n\nlogged:\n${logged.join('\n')}`);
      }
      expect(sent).toBeGreaterThanOrEqual(FUZZ_REQUESTS);
      expect(problems).toEqual([]);
      expect(fiveHundreds).toBe(0);
    });
  });

  describe('floods', () => {
    it('per-IP limits hold with forged X-Forwarded-For: >= 95 % of a burst above the limit gets 429 with Retry-After', async () => {
      const burst = RATE_LIMIT * 3;
      const answers: Array<{ status: number; retryAfter: string | null }> = [];
      for (let i = 0; i < burst; i += CONCURRENCY) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(CONCURRENCY, burst - i) }, async (_, j) => {
              const n = i + j;
              const res = await fetch(`${stack.url}/api/v1/fields?flood=${n}`, {
                headers: {
                  'x-forwarded-for': `203.0.${n % 250}.${(n * 7) % 250}`,
                  'x-loadout-client-ip': `198.51.${n % 250}.${(n * 3) % 250}`,
                },
              });
              await res.arrayBuffer();
              return { status: res.status, retryAfter: res.headers.get('retry-after') };
            }),
          )),
        );
      }
      const limited = answers.filter((a) => a.status === 429);
      const aboveLimit = burst - RATE_LIMIT;
      const share = limited.length / aboveLimit;
      console.log(
        `floods: ${burst} requests with forged X-Forwarded-For, limit ${RATE_LIMIT}/min: ${limited.length} answered 429 = ${(share * 100).toFixed(1)} % of the ${aboveLimit} above the limit`,
      );
      expect(share).toBeGreaterThanOrEqual(0.95);
      expect(limited.every((a) => a.retryAfter !== null && /^\d+$/.test(a.retryAfter))).toBe(true);
      // The service behind keeps answering.
      expect((await fetch(`${serviceUrl('fields')}/api/v1/fields`)).status).toBe(200);
      expect((await fetch(`${stack.url}/health/live`)).status).toBe(200);
    });
  });

  // Last, after everything above (jest runs a file's tests in order).
  it('leaves every service answering, with a free connection in every pool', async () => {
    expect(await everyServiceStillAnswers(serviceUrl)).toEqual([]);
  });
});
