import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { InternalHttpClient } from './internal-client';

class Unreachable extends Error {}

/** A real HTTP server whose answer each test decides. */
describe('InternalHttpClient', () => {
  let server: Server;
  let base: string;
  let handler: (req: IncomingMessage, body: string, res: ServerResponse) => void;
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] =
    [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        handler(req, body, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  beforeEach(() => {
    seen.length = 0;
  });

  const client = (timeoutMs = 1_000) =>
    new InternalHttpClient({
      baseUrl: base,
      internalToken: 'secret-token',
      timeoutMs,
      unavailable: () => new Unreachable('unreachable'),
    });

  it('sends JSON with the internal token and reads the JSON answer and its status', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'X.TAKEN' }));
    };
    const answer = await client().call<{ code: string }>('/internal/things/a%2Fb/reserve', {
      method: 'POST',
      json: { orderId: 'o1' },
      internal: true,
      query: { dryRun: true, skip: undefined },
    });
    expect(answer).toEqual({ status: 409, ok: false, body: { code: 'X.TAKEN' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/internal/things/a%2Fb/reserve?dryRun=true',
      body: '{"orderId":"o1"}',
    });
    expect(seen[0]!.headers['x-internal-token']).toBe('secret-token');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['authorization']).toBeUndefined();
  });

  it('acts for a user with their bearer token and no internal token', async () => {
    handler = (_req, _body, res) => res.end('');
    const answer = await client().call('/api/v1/me', { bearer: 'user-token' });
    expect(answer).toEqual({ status: 200, ok: true, body: null });
    expect(seen[0]!.headers['authorization']).toBe('Bearer user-token');
    expect(seen[0]!.headers['x-internal-token']).toBeUndefined();
  });

  it('gives a body that is not JSON as null, with its status', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(502);
      res.end('<html>bad gateway</html>');
    };
    await expect(client().call('/x')).resolves.toEqual({ status: 502, ok: false, body: null });
    // An HTTP status is an answer: not retried.
    expect(seen).toHaveLength(1);
  });

  it('retries a GET once when the connection drops, and answers with the second try', async () => {
    let n = 0;
    handler = (req, _body, res) => {
      if (++n === 1) {
        req.socket.destroy();
        return;
      }
      res.end('{"ok":1}');
    };
    await expect(client().call('/x')).resolves.toMatchObject({ status: 200, body: { ok: 1 } });
    expect(seen).toHaveLength(2);
  });

  it('never retries a POST, and throws the caller’s error when the connection drops', async () => {
    handler = (req) => req.socket.destroy();
    await expect(client().call('/x', { method: 'POST', json: {} })).rejects.toBeInstanceOf(
      Unreachable,
    );
    expect(seen).toHaveLength(1);
  });

  it('gives up after its timeout with the caller’s error', async () => {
    handler = () => undefined; // never answers
    const started = Date.now();
    await expect(client(150).call('/slow', { method: 'POST' })).rejects.toBeInstanceOf(Unreachable);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is unavailable without a base URL, without calling anything', async () => {
    const none = new InternalHttpClient({
      baseUrl: undefined,
      unavailable: () => new Unreachable(),
    });
    expect(none.configured).toBe(false);
    await expect(none.call('/x')).rejects.toBeInstanceOf(Unreachable);
    expect(seen).toHaveLength(0);
  });
});
