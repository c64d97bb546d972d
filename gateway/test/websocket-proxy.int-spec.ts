import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { WebSocket, WebSocketServer } from 'ws';
import { createGateway } from '../src/create-gateway';
import { loadGatewayConfig } from '../src/gateway.config';

/** A real WebSocket server standing in for messaging's /ws: echoes and records the upgrade. */
async function startWsUpstream() {
  const upgrades: IncomingMessage[] = [];
  const server: Server = createServer((_req, res) => res.end('{}'));
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    upgrades.push(req);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => ws.send(`echo:${String(data)}`));
      ws.send('hello');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upgrades,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const open = (url: string) =>
  new Promise<{ ws: WebSocket; first: string }>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('message', (data) => resolve({ ws, first: String(data) }));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
  });

describe('WebSocket upgrade proxy', () => {
  let upstream: Awaited<ReturnType<typeof startWsUpstream>>;
  let gateway: NestFastifyApplication;
  let bare: NestFastifyApplication;
  let wsBase: string;

  beforeAll(async () => {
    upstream = await startWsUpstream();
    gateway = await createGateway(
      loadGatewayConfig({ UPSTREAM_MESSAGING_URL: upstream.url, LOG_LEVEL: 'silent' }),
    );
    await gateway.listen(0, '127.0.0.1');
    wsBase = (await gateway.getUrl()).replace(/^http/, 'ws');
    bare = await createGateway(loadGatewayConfig({ LOG_LEVEL: 'silent' }));
    await bare.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await gateway?.close();
    await bare?.close();
    await upstream?.close();
  });

  it('proxies /ws to the messaging service both ways', async () => {
    const { ws, first } = await open(`${wsBase}/ws`);
    expect(first).toBe('hello');
    const echoed = new Promise<string>((r) => ws.once('message', (d) => r(String(d))));
    ws.send('ping');
    expect(await echoed).toBe('echo:ping');
    ws.close();
    expect(upstream.upgrades.at(-1)!.url).toBe('/ws');
    expect(upstream.upgrades.at(-1)!.headers['x-forwarded-for']).toContain('127.0.0.1');
  });

  it('refuses upgrades on other paths and answers 503 without a messaging upstream', async () => {
    await expect(open(`${wsBase}/other`)).rejects.toThrow(/404/);
    const bareBase = (await bare.getUrl()).replace(/^http/, 'ws');
    await expect(open(`${bareBase}/ws`)).rejects.toThrow(/503/);
  });
});
