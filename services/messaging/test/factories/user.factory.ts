import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@loadout/db';

/** A fresh user id per call: tests never share users, so counts never leak between them. */
export const buildUserId = (label = 'user') => `${label}-${newId().slice(0, 10)}`;

/**
 * Identity's `GET /internal/users/{id}` over real HTTP. Every id is an active user (tests make
 * up their users with `buildUserId`) except those a test forgets (never existed) or suspends.
 */
export async function startIdentityStub(): Promise<{
  url: string;
  forget(userId: string): void;
  suspend(userId: string): void;
  /** How many times identity was asked, per id. */
  asked(userId: string): number;
  close(): Promise<void>;
}> {
  const missing = new Set<string>();
  const asked = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const id = /^\/internal\/users\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    const userId = id ? decodeURIComponent(id) : undefined;
    if (userId) asked.set(userId, (asked.get(userId) ?? 0) + 1);
    res.setHeader('content-type', 'application/json');
    if (!userId || missing.has(userId)) {
      res.statusCode = 404;
      res.end(
        JSON.stringify({
          code: 'IDENTITY.USER_NOT_FOUND',
          message: 'That user could not be found.',
          requestId: 'x',
        }),
      );
      return;
    }
    res.end(JSON.stringify({ id: userId, active: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forget: (userId) => void missing.add(userId),
    suspend: (userId) => void missing.add(userId),
    asked: (userId) => asked.get(userId) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
