import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

export const STRIPE_WEBHOOK_PATH = '/api/v1/webhooks/stripe';
/** Stripe events are a few kilobytes; the same cap as every other JSON body. */
const MAX_WEBHOOK_BYTES = 1_048_576;

export type RequestWithRawBody = FastifyRequest & { rawBody?: Buffer };

/**
 * Keeps the exact bytes of the Stripe webhook request: its signature is over the raw body,
 * and parsed-then-serialised JSON would not match. Only this one route gets a `preParsing`
 * hook, which copies the stream into `request.rawBody` and replays it to the usual parser;
 * every other route parses as before. The hook is attached through `onRoute`, so it must be
 * added before Nest registers the routes: that is why it happens in the constructor (the DI
 * container is built before `app.init()` registers routes).
 */
@Injectable()
export class StripeRawBodyCapture {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.url !== STRIPE_WEBHOOK_PATH || !methods.includes('POST')) return;
      const own = route.preParsing;
      route.preParsing = [...(own ? (Array.isArray(own) ? own : [own]) : []), captureRawBody];
    });
  }
}

async function captureRawBody(
  req: FastifyRequest,
  _reply: unknown,
  payload: NodeJS.ReadableStream,
): Promise<NodeJS.ReadableStream> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buf.length;
    if (size > MAX_WEBHOOK_BYTES)
      throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    chunks.push(buf);
  }
  const raw = Buffer.concat(chunks);
  (req as RequestWithRawBody).rawBody = raw;
  const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = raw.length;
  return replay;
}
