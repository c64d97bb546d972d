import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo } from 'node:net';

/** A seeded PRNG (mulberry32): the chaos run is drawn from one printed seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * What can go wrong with one call, as the caller sees it:
 * - `unavailable`: a 503 before anything happened (the service is down),
 * - `cut`: the connection dies before the request arrives (a timeout with no effect),
 * - `lost`: the request is applied, then the connection dies before the answer (a timeout or a
 *   crash after the effect: the caller cannot tell whether it happened),
 * - `slow`: the answer comes late (0.1–0.5 s), so concurrent calls overtake it.
 */
export type ProxyFault = 'unavailable' | 'cut' | 'lost' | 'slow';
const FAULTS: readonly ProxyFault[] = ['unavailable', 'cut', 'lost', 'slow'];

/**
 * A fault-injecting HTTP proxy in front of a stand-in (listings, Stripe): the app under test is
 * configured with the proxy's URL, so every external call it makes passes here. While
 * `faultRate` > 0 each request draws a fault with that probability. Real sockets throughout:
 * a lost answer really is a connection reset after the stand-in applied the request.
 */
export class ChaosProxy {
  faultRate = 0;
  readonly faults: Record<ProxyFault | 'ok', number> = {
    ok: 0,
    unavailable: 0,
    cut: 0,
    lost: 0,
    slow: 0,
  };
  private server!: Server;
  url = '';

  constructor(
    private readonly target: () => string,
    private readonly random: () => number,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy());
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private draw(): ProxyFault | null {
    if (this.faultRate <= 0 || this.random() >= this.faultRate) return null;
    return FAULTS[Math.floor(this.random() * FAULTS.length)]!;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const fault = this.draw();
    this.faults[fault ?? 'ok']++;
    if (fault === 'unavailable') {
      res.statusCode = 503;
      res.setHeader('content-type', 'application/json');
      // Readable by both callers: the listings envelope and Stripe's `error` object.
      res.end(
        JSON.stringify({
          code: 'COMMON.UNAVAILABLE',
          message: 'chaos: unavailable',
          error: { type: 'api_error', message: 'chaos: unavailable' },
        }),
      );
      return;
    }
    if (fault === 'cut') {
      req.socket.destroy();
      return;
    }
    if (fault === 'slow') await sleep(100 + Math.floor(this.random() * 400));
    const answer = await this.forward(req, body);
    if (fault === 'lost') {
      req.socket.destroy();
      return;
    }
    res.statusCode = answer.status;
    for (const [k, v] of Object.entries(answer.headers))
      if (v !== undefined && k !== 'connection' && k !== 'transfer-encoding') res.setHeader(k, v);
    res.end(answer.body);
  }

  /** The request as received, to the stand-in, on a fresh connection (no keep-alive left behind). */
  private forward(
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
    const target = new URL(req.url ?? '/', this.target());
    const headers = { ...req.headers, host: target.host, connection: 'close' };
    return new Promise((resolve, reject) => {
      const out = httpRequest(target, { method: req.method, headers, agent: false }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 502,
            headers: answer.headers,
            body: Buffer.concat(parts),
          }),
        );
        answer.on('error', reject);
      });
      out.on('error', reject);
      out.end(body);
    });
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
