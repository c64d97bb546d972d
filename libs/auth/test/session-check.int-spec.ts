import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CachedSessionCheck,
  HttpSessionStateSource,
  TokenVerifier,
  type SessionState,
} from '../src';
import { startTestIssuer, type TestIssuer } from '../src/testing';

/** A stand-in of identity's internal session state endpoint over real HTTP. */
async function startSessionStates(states: Map<string, SessionState>) {
  const requests: string[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const userId = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(states.get(userId) ?? { notBefore: null, endedSessions: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/sessions`,
    requests,
    answer: (s: number) => (status = s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('TokenVerifier with the session check (ADR 0019)', () => {
  let issuer: TestIssuer;
  let endpoint: Awaited<ReturnType<typeof startSessionStates>>;
  const states = new Map<string, SessionState>();
  beforeAll(async () => {
    issuer = await startTestIssuer();
    endpoint = await startSessionStates(states);
  });
  afterAll(async () => {
    await issuer.close();
    await endpoint.close();
  });

  const verifier = (ttlMs: number) =>
    new TokenVerifier(
      { issuer: issuer.issuer, jwksUrl: issuer.jwksUrl, audience: issuer.audience },
      new CachedSessionCheck(new HttpSessionStateSource(endpoint.url), {
        ttlMs,
        maxEntries: 100,
      }),
    );

  it('refuses a token of an ended session once the cached state is older than the ttl', async () => {
    const v = verifier(200);
    const token = await issuer.sign({ sub: 'user/1', sid: 'session-a' });
    expect((await v.verify(token)).id).toBe('user/1');
    expect(endpoint.requests.at(-1)).toBe('/internal/sessions/user%2F1');

    states.set('user/1', { notBefore: null, endedSessions: ['session-a'] });
    await new Promise((r) => setTimeout(r, 250));
    await expect(v.verify(token)).rejects.toMatchObject({
      code: 'AUTH.SESSION_ENDED',
      status: 401,
    });
    // The account's other session is untouched.
    expect((await v.verify(await issuer.sign({ sub: 'user/1', sid: 'session-b' }))).id).toBe(
      'user/1',
    );
  });

  it('refuses tokens issued before not-before (a password reset ends every session)', async () => {
    const v = verifier(5_000);
    states.set('user-2', { notBefore: Math.floor(Date.now() / 1000) + 1, endedSessions: [] });
    await expect(v.verify(await issuer.sign({ sub: 'user-2', sid: 'x' }))).rejects.toMatchObject({
      code: 'AUTH.SESSION_ENDED',
    });
  });

  it('lets a valid token pass when the endpoint fails and nothing is known yet', async () => {
    endpoint.answer(500);
    try {
      expect((await verifier(5_000).verify(await issuer.sign({ sub: 'user-3' }))).id).toBe(
        'user-3',
      );
    } finally {
      endpoint.answer(200);
    }
  });

  it('checks the signature before anything else is asked', async () => {
    const before = endpoint.requests.length;
    const other = await startTestIssuer();
    try {
      await expect(
        verifier(5_000).verify(await other.sign({ sub: 'user-4' })),
      ).rejects.toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    } finally {
      await other.close();
    }
    expect(endpoint.requests.length).toBe(before);
  });
});
