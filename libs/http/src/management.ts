import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error.filter';

/** Marks requests that arrived on the management listener. */
const MANAGEMENT = Symbol('loadout.management');
const MANAGEMENT_PATHS = /^\/(metrics|health\/live|health\/ready)\/?$/;
/** What the public listener refuses once a management listener exists. */
const PRIVATE_PATHS = /^\/(metrics|health\/ready)\/?$/;

const isManagementRequest = (raw: IncomingMessage) =>
  (raw as IncomingMessage & { [MANAGEMENT]?: boolean })[MANAGEMENT] === true;

/**
 * Splits one app over two listeners: `/metrics` and `/health/ready` answer only on the
 * management listener (a port the load balancer does not route), and that listener answers
 * nothing else. Called by `createApp` when `managementPort` is set.
 */
export function guardManagementPaths(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    const allowed = isManagementRequest(req.raw)
      ? MANAGEMENT_PATHS.test(path)
      : !PRIVATE_PATHS.test(path);
    if (allowed) return;
    const { status, body } = toErrorResponse({ statusCode: 404 }, String(req.id));
    return reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  });
}

export interface ManagementListener {
  port: number;
  close(): Promise<void>;
}

/** Starts the management listener; requests go through the app's own router and hooks. */
export async function startManagementListener(
  fastify: FastifyInstance,
  port: number,
  host: string,
): Promise<ManagementListener> {
  const server: Server = createServer((req, res) => {
    (req as IncomingMessage & { [MANAGEMENT]?: boolean })[MANAGEMENT] = true;
    fastify.routing(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    // A scraper's kept-alive connection would hold close() open; nothing here is worth waiting for.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
