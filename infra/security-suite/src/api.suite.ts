import fc from 'fast-check';
import { startStack, type Stack } from '@loadout/testing';
import { ACCESS } from './access-table';
import {
  deepJson,
  fuzzValue,
  hostileString,
  routesOf,
  validValue,
  type OpenApiDoc,
  type Route,
} from './openapi';
import { SERVICES } from './services';

/** Requests per fuzz run across all routes (issue 8: at least 10,000). */
const FUZZ_REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 10_000);
const CONCURRENCY = 16;
/** The gateway's per-client limit for this stack: low, so the flood crosses it quickly. */
const RATE_LIMIT = 120;

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

async function send(url: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: await res.text(),
  };
}

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

const ID_LIKE = fc.constantFrom('V1StGXR8_Z5jdHi6B-myT', 'zzzzzzzzzzzzzzzzzzzzz');

describe('API security suites against the stack started as `npm start` starts it', () => {
  let stack: Stack;
  const docs = new Map<string, OpenApiDoc>();
  const routes: Route[] = [];
  const serviceUrl = (name: string) =>
    `http://127.0.0.1:${stack.servicePortBase + SERVICES.find((s) => s.name === name)!.offset}`;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
    for (const { name } of SERVICES) {
      const doc = (await (await fetch(`${serviceUrl(name)}/openapi.json`)).json()) as OpenApiDoc;
      docs.set(name, doc);
      routes.push(...routesOf(name, doc));
    }
  }, 600_000);

  afterAll(async () => {
    await stack?.stop();
  });

  describe('access matrix (anonymous column)', () => {
    it('lists every route of the OpenAPI documents', () => {
      const missing = routes
        .map((r) => `${r.method} ${r.path}`)
        .filter((key) => ACCESS[key] === undefined);
      expect(missing).toEqual([]);
    });

    it('answers each route as the table says for an anonymous caller', async () => {
      let cells = 0;
      const wrong: string[] = [];
      for (const r of routes) {
        const expected = ACCESS[`${r.method} ${r.path}`];
        if (!expected) continue;
        const path = r.path.replace(/\{[^}]+\}/g, 'V1StGXR8_Z5jdHi6B-myT');
        const a = await send(`${stack.url}${path}`, {
          method: r.method,
          headers: r.body ? { 'content-type': 'application/json' } : {},
          body: r.body ? '{}' : undefined,
        });
        cells++;
        const refused = a.status === 401;
        if ((expected === 'signed-in') !== refused)
          wrong.push(`${r.method} ${r.path} → ${a.status}`);
      }
      console.log(`access matrix: ${cells} cells (routes × anonymous), ${wrong.length} wrong`);
      expect(wrong).toEqual([]);
    });
  });

  describe('API fuzz (fast-check, from the OpenAPI schemas)', () => {
    it(`sends ${FUZZ_REQUESTS} valid, boundary and hostile requests: no 5xx, house-shaped errors`, async () => {
      const requestFor = (r: Route): fc.Arbitrary<{ url: string; init: RequestInit }> => {
        const doc = docs.get(r.service)!;
        const pathArb = fc
          .tuple(
            ...r.pathParams.map(() =>
              fc.oneof({ weight: 2, arbitrary: ID_LIKE }, { weight: 1, arbitrary: hostileString }),
            ),
          )
          .map((values) => {
            let i = 0;
            return r.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(values[i++])));
          });
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
        return fc.tuple(pathArb, queryArb, bodyArb).map(([p, q, body]) => {
          const headers: Record<string, string> = {};
          if (body !== undefined) headers['content-type'] = 'application/json';
          const init: RequestInit = { method: r.method, headers, body };
          return { url: `${serviceUrl(r.service)}${p}${q}`, init };
        });
      };
      const perRoute = Math.ceil(FUZZ_REQUESTS / routes.length);
      const samples = routes.flatMap((r) => fc.sample(requestFor(r), perRoute));
      let sent = 0;
      let fiveHundreds = 0;
      const problems: string[] = [];
      const statuses = new Map<number, number>();
      for (let i = 0; i < samples.length; i += CONCURRENCY) {
        const batch = samples.slice(i, i + CONCURRENCY);
        const answers = await Promise.all(
          batch.map(async ({ url, init }) => {
            try {
              return { url, init, a: await send(url, init) };
            } catch (err) {
              return { url, init, a: { status: 599, contentType: '', body: String(err) } };
            }
          }),
        );
        for (const { url, init, a } of answers) {
          sent++;
          statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          if (a.status >= 500) {
            fiveHundreds++;
            if (problems.length < 20)
              problems.push(
                `${a.status} ${init.method} ${url.slice(0, 200)} ${String(init.body ?? '').slice(0, 120)} → ${a.body.slice(0, 200)}`,
              );
            continue;
          }
          const shape = houseShapeProblem(a);
          if (shape && problems.length < 20)
            problems.push(`${a.status} ${init.method} ${url.slice(0, 160)}: ${shape}`);
        }
      }
      console.log(
        `API fuzz: ${sent} requests over ${routes.length} routes, ${fiveHundreds} responses >= 500; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
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
});
