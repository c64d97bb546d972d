import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { storage } from 'nestjs-pino/storage';
import { RequestLog } from './request-log';

describe('RequestLog (the request log as a Fastify hook, not a Nest middleware)', () => {
  let server: Server;
  let base = '';
  const seen: { url: string; bindings: Record<string, unknown> | null }[] = [];
  const log = new RequestLog({
    serviceName: 'test',
    logLevel: 'silent',
    excludePrefixes: ['/api/v1/'],
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      log.run(req, res, req.url ?? '/', () => {
        // What a handler's logger (nestjs-pino's PinoLogger) would write with.
        setImmediate(() => {
          seen.push({
            url: req.url ?? '',
            bindings: storage.getStore()?.logger.bindings() ?? null,
          });
          res.end('ok');
        });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("gives whatever logs during the request a logger bound to the request's id", async () => {
    await fetch(`${base}/orders/mine`, { headers: { 'x-request-id': 'req-abc' } });
    expect(seen.at(-1)).toEqual({
      url: '/orders/mine',
      bindings: expect.objectContaining({
        req: { id: 'req-abc', method: 'GET', url: '/orders/mine' },
      }) as unknown,
    });
  });

  it('leaves excluded prefixes without a request logger', async () => {
    await fetch(`${base}/api/v1/listings`, { headers: { 'x-request-id': 'req-def' } });
    expect(seen.at(-1)).toEqual({ url: '/api/v1/listings', bindings: null });
  });
});
