// Issue 22, "the suite learns these": WebSocket frames of every shape through the gateway,
// costly photos sent at once while another user's requests are timed, mixed-actor races on one
// paid order, and the closing check that every service still answers with a free connection in
// every pool. Its own stack: the races change orders the other suites' world relies on.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { WebSocket } from 'ws';
import { blackPng } from '@loadout/images/testing';
import type { LedgerCheckView, OrderView, PayOrderResponse } from '@loadout/contracts';
import { DEMO, DEMO_PASSWORD, signIn } from './callers';
import { everyServiceStillAnswers } from './closing';
import { deliveryAddress, listingInput, ok, send, uploadPhoto, type Answer } from './fixtures';
import type { ServiceName } from './services';
import { serviceUrlOf, stackUnderTest, type StackUnderTest } from './stack';

/** messaging's frame limit (realtime.server.ts MAX_FRAME_BYTES). */
const MAX_FRAME_BYTES = 16 * 1024;
/** Close codes a refused frame may end with: binary, policy, too big, auth (never 1006/1011). */
const REFUSAL_CLOSES = [1003, 1008, 1009, 4401, 4403];
const CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

type Outcome = { kind: 'frame'; type: string } | { kind: 'close'; code: number } | { kind: 'none' };

/** What a socket does first after `act`: a frame from the server (its type) or a close. */
function firstOutcome(ws: WebSocket, act: () => void, withinMs = 5_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const done = (o: Outcome) => {
      clearTimeout(timer);
      ws.removeAllListeners('message');
      ws.removeAllListeners('close');
      resolve(o);
    };
    const timer = setTimeout(() => done({ kind: 'none' }), withinMs);
    ws.on('message', (data) => {
      let type = '?';
      try {
        type = String((JSON.parse(String(data)) as { type?: unknown }).type);
      } catch {
        /* a frame that is not JSON counts as '?' */
      }
      done({ kind: 'frame', type });
    });
    ws.on('close', (code) => done({ kind: 'close', code }));
    act();
  });
}

/** A socket to the gateway's `/ws`, open (and signed in when a token is given). */
async function openSocket(base: string, token?: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade ${res.statusCode}`)));
  });
  if (token) {
    const o = await firstOutcome(ws, () => ws.send(JSON.stringify({ type: 'auth', token })));
    if (o.kind !== 'frame' || o.type !== 'ready') throw new Error(`auth: ${JSON.stringify(o)}`);
  }
  return ws;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const histogram = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((h, a) => ((h[a.status] = (h[a.status] ?? 0) + 1), h), {});

describe('abuse: frames, photos and races against the stack started as `npm start` starts it', () => {
  let stack: StackUnderTest;
  const url = (name: ServiceName) => serviceUrlOf(stack, name);
  const tokens = { buyer: '', seller: '', admin: '' };
  let conversationId = '';

  /** A published listing of the seller's, bought by the buyer for post: the order. */
  const orderOnNewListing = async (title: string): Promise<OrderView> => {
    const listing = await ok<{ id: string }>(
      'creating a listing',
      send(`${url('listings')}/api/v1/listings`, {
        method: 'POST',
        token: tokens.seller,
        body: listingInput(title, [await uploadPhoto(url('listings'), tokens.seller)]),
      }),
    );
    return ok<OrderView>(
      'checkout',
      send(`${url('orders')}/api/v1/orders`, {
        method: 'POST',
        token: tokens.buyer,
        body: { listingId: listing.id, delivery: 'post', deliveryAddress: deliveryAddress() },
      }),
    );
  };

  const orderState = async (id: string) =>
    (
      await ok<OrderView>(
        'reading the order',
        send(`${url('orders')}/api/v1/orders/${id}`, { method: 'GET', token: tokens.buyer }),
      )
    ).status;

  const waitForState = async (id: string, states: string[], withinMs = 30_000) => {
    const deadline = Date.now() + withinMs;
    let state = await orderState(id);
    while (!states.includes(state) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      state = await orderState(id);
    }
    return state;
  };

  const ledger = () =>
    ok<LedgerCheckView>(
      'the ledger check',
      send(`${url('orders')}/api/v1/admin/ledger/check`, { method: 'GET', token: tokens.admin }),
    );

  beforeAll(async () => {
    stack = await stackUnderTest();
    [tokens.buyer, tokens.seller, tokens.admin] = await Promise.all([
      signIn(stack.url, DEMO.buyer, DEMO_PASSWORD),
      signIn(stack.url, DEMO.seller, DEMO_PASSWORD),
      signIn(stack.url, DEMO.admin, DEMO_PASSWORD),
    ]);
    const listing = await ok<{ id: string }>(
      'creating a listing',
      send(`${url('listings')}/api/v1/listings`, {
        method: 'POST',
        token: tokens.seller,
        body: listingInput('Abuse suite listing', [
          await uploadPhoto(url('listings'), tokens.seller),
        ]),
      }),
    );
    conversationId = (
      await ok<{ id: string }>(
        'starting a conversation',
        send(`${url('messaging')}/api/v1/conversations`, {
          method: 'POST',
          token: tokens.buyer,
          body: { listingId: listing.id },
        }),
      )
    ).id;
  }, 900_000);

  afterAll(async () => {
    await stack?.stop();
  });

  describe('WebSocket frames of every shape, through the gateway', () => {
    const big = (n: number) => JSON.stringify({ type: 'ping', pad: 'x'.repeat(n) });
    const named: Array<[string, string | Buffer | string[]]> = [
      ['null', 'null'],
      ['a number', '42'],
      ['a huge number', '1e309'],
      ['a string', '"ping"'],
      ['true', 'true'],
      ['an empty array', '[]'],
      ['an array', '[{"type":"ping"}]'],
      ['an object without type', '{}'],
      ['type null', '{"type":null}'],
      ['type a number', '{"type":7}'],
      ['an unknown type', '{"type":"subscribe","conversationId":"x"}'],
      ['auth without token', '{"type":"auth"}'],
      ['auth with a number token', '{"type":"auth","token":1}'],
      ['auth with a garbage token', '{"type":"auth","token":"not.a.jwt"}'],
      ['auth with a token over 8 KiB', JSON.stringify({ type: 'auth', token: 'a'.repeat(9000) })],
      ['not JSON', 'hello'],
      ['NUL and a lone surrogate', '{"type":"\u0000\ud800"}'],
      ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
      ['just under the frame limit', big(MAX_FRAME_BYTES - 40)],
      ['just over the frame limit', big(MAX_FRAME_BYTES + 10)],
      ['binary', randomBytes(64)],
      ['fragments', ['{"type":', '"nope"}']],
      ['fragments over the limit', ['[', ' '.repeat(MAX_FRAME_BYTES), ']']],
    ];

    /** Sends one frame (or its fragments) and answers what the server did first. */
    const sendFrame = (ws: WebSocket, frame: string | Buffer | string[]) =>
      firstOutcome(ws, () => {
        if (!Array.isArray(frame)) return ws.send(frame);
        frame.forEach((part, i) => ws.send(part, { fin: i === frame.length - 1 }));
      });

    const acceptable = (name: string, o: Outcome) => {
      if (name === 'just under the frame limit') return o.kind === 'frame' && o.type === 'pong';
      return (
        (o.kind === 'frame' && o.type === 'error') ||
        (o.kind === 'close' && REFUSAL_CLOSES.includes(o.code))
      );
    };

    it.each([['anonymous'], ['signed in']])(
      'answers each hostile frame with an error frame or a refusal close (%s)',
      async (who) => {
        const wrong: string[] = [];
        for (const [name, frame] of named) {
          const ws = await openSocket(stack.url, who === 'signed in' ? tokens.buyer : undefined);
          const o = await sendFrame(ws, frame);
          if (!acceptable(name, o)) wrong.push(`${name}: ${JSON.stringify(o)}`);
          ws.terminate();
        }
        expect(wrong).toEqual([]);
      },
    );

    it('survives random JSON frames (fast-check) and still answers a ping afterwards', async () => {
      const seed = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2 ** 31);
      const frames = fc.sample(fc.jsonValue({ maxDepth: 4 }), { numRuns: 150, seed });
      const wrong: string[] = [];
      // One socket per 5 frames: a socket is closed after more than 5 refusals (by design).
      for (let i = 0; i < frames.length; i += 5) {
        const ws = await openSocket(stack.url, i % 2 ? tokens.buyer : undefined);
        for (const value of frames.slice(i, i + 5)) {
          const text = JSON.stringify(value);
          const o = await sendFrame(ws, text);
          const isPing =
            typeof value === 'object' &&
            value !== null &&
            !Array.isArray(value) &&
            value['type'] === 'ping';
          const fine = isPing
            ? o.kind === 'frame' && o.type === 'pong'
            : (o.kind === 'frame' && o.type === 'error') ||
              (o.kind === 'close' && REFUSAL_CLOSES.includes(o.code));
          if (!fine) wrong.push(`${text.slice(0, 120)}: ${JSON.stringify(o)}`);
          if (o.kind === 'close') break;
        }
        ws.terminate();
      }
      if (wrong.length) console.log(`frame fuzz seed ${seed} (FUZZ_SEED=${seed} repeats it)`);
      expect(wrong).toEqual([]);
      const ws = await openSocket(stack.url, tokens.seller);
      expect(await firstOutcome(ws, () => ws.send('{"type":"ping"}'))).toEqual({
        kind: 'frame',
        type: 'pong',
      });
      ws.terminate();
    });
  });

  it('keeps another user fast while costly photos are sent at once (p95 under 500 ms)', async () => {
    const gif = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#a33' },
    })
      .gif()
      .toBuffer();
    const bomb = blackPng(7_000, 7_000); // 49 MP of zeros: a small file, a large decode
    const hostile: Array<[string, Buffer, string]> = [
      ['1 × 49,000,000 px', blackPng(1, 49_000_000), 'image/png'],
      ['12,001 px wide', blackPng(12_001, 1_000), 'image/png'],
      ['40:1', blackPng(4_000, 100), 'image/png'],
      ['a GIF', gif, 'image/png'],
      ['a truncated PNG', bomb.subarray(0, Math.floor(bomb.length / 3)), 'image/png'],
      ...Array.from({ length: 5 }, (_, i): [string, Buffer, string] => [
        `49 MP bomb ${i + 1}`,
        bomb,
        'image/png',
      ]),
    ];
    const victim = async () => {
      const started = performance.now();
      const a = await send(`${url('messaging')}/api/v1/conversations`, {
        method: 'GET',
        token: tokens.seller,
      });
      if (a.status !== 200) throw new Error(`the victim's request answered ${a.status}`);
      return performance.now() - started;
    };
    await victim(); // warm
    let sending = true;
    const uploads = Promise.all(
      hostile.map(([, bytes, type]) =>
        send(`${url('messaging')}/api/v1/conversations/${conversationId}/images`, {
          method: 'POST',
          token: tokens.buyer,
          rawBody: bytes,
          contentType: type,
        }),
      ),
    ).finally(() => (sending = false));
    const timings: number[] = [];
    while (sending || timings.length < 20) {
      timings.push(await victim());
      await new Promise((r) => setTimeout(r, 25));
    }
    const answers = await uploads;
    const p95 = percentile(timings, 95);
    console.log(
      `photos: ${hostile.length} hostile uploads answered ${JSON.stringify(histogram(answers))}; victim ${timings.length} requests, p50 ${percentile(timings, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
    );
    // Refused from the header (400/415), busy (429), or processed (201): never a 5xx.
    expect(answers.filter((a) => ![201, 400, 413, 415, 422, 429].includes(a.status))).toEqual([]);
    expect(answers.slice(0, 5).map((a) => a.status >= 400 && a.status < 500)).toEqual(
      Array(5).fill(true),
    );
    expect(p95).toBeLessThan(500);
  });

  describe('mixed-actor races on one order', () => {
    it('20 admin refunds and 30 cancels at once: one wins, the rest 409, the ledger balances', async () => {
      const order = await orderOnNewListing('Abuse suite refund race');
      await ok(
        'paying',
        send(`${url('orders')}/api/v1/orders/${order.id}/pay`, {
          method: 'POST',
          token: tokens.buyer,
          body: { card: CARD },
        }),
      );
      expect(await waitForState(order.id, ['paid'])).toBe('paid');
      const path = `${url('orders')}/api/v1/orders/${order.id}`;
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) =>
          send(`${path}/refund`, {
            method: 'POST',
            token: tokens.admin,
            body: { reason: `abuse suite refund ${i}` },
          }),
        ),
        ...Array.from({ length: 30 }, (_, i) =>
          send(`${path}/cancel`, {
            method: 'POST',
            token: tokens.buyer,
            body: { reason: `abuse suite cancel ${i}` },
          }),
        ),
      ]);
      console.log(`refund × 20 + cancel × 30: ${JSON.stringify(histogram(answers))}`);
      expect(answers.filter((a) => a.status !== 409 && (a.status < 200 || a.status > 202))).toEqual(
        [],
      );
      expect(answers.filter((a) => a.status < 300)).toHaveLength(1);
      // orders keeps answering at once, and the money adds up.
      expect(await orderState(order.id)).toMatch(/^(cancelled|refunded)$/);
      const check = await ledger();
      expect(check).toMatchObject({ ok: true, unbalancedOrders: [] });
      expect(check.heldCents).toBe(check.expectedHeldCents);
    });

    it('20 pays at once: one payment, no 5xx, the order paid once', async () => {
      const order = await orderOnNewListing('Abuse suite pay race');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          send(`${url('orders')}/api/v1/orders/${order.id}/pay`, {
            method: 'POST',
            token: tokens.buyer,
            body: { card: CARD },
          }),
        ),
      );
      console.log(`pay × 20: ${JSON.stringify(histogram(answers))}`);
      expect(answers.filter((a) => a.status !== 409 && (a.status < 200 || a.status > 202))).toEqual(
        [],
      );
      const payments = new Set(
        answers
          .filter((a) => a.status < 300)
          .map((a) => (JSON.parse(a.body) as PayOrderResponse).payment.paymentId),
      );
      expect(payments.size).toBe(1);
      expect(await waitForState(order.id, ['paid'])).toBe('paid');
      const check = await ledger();
      expect(check).toMatchObject({ ok: true, unbalancedOrders: [] });
      expect(check.heldCents).toBe(check.expectedHeldCents);
    });
  });

  // Last (jest runs a file's tests in order).
  it('leaves every service answering, with a free connection in every pool', async () => {
    expect(await everyServiceStillAnswers(url)).toEqual([]);
  });
});
