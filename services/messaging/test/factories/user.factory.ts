import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@loadout/db';

/** A fresh user id per call: tests never share users, so counts never leak between them. */
export const buildUserId = (label = 'user') => `${label}-${newId().slice(0, 10)}`;

/** The display name the stub gives a made-up user unless a test names them. */
export const stubDisplayName = (userId: string) => `Player ${userId}`;

/**
 * Identity's `GET /internal/users/{id}` and `GET /internal/user-profiles?ids=` over real HTTP.
 * Every id is an active user named `stubDisplayName(id)` (tests make up their users with
 * `buildUserId`) except those a test names, forgets (never existed) or suspends.
 */
export async function startIdentityStub(): Promise<{
  url: string;
  forget(userId: string): void;
  name(userId: string, displayName: string, avatarUrl?: string | null): void;
  /** Profiles requests answer 503 while true (identity down for names). */
  profilesDown(down: boolean): void;
  suspend(userId: string): void;
  /** How many times identity was asked, per id. */
  asked(userId: string): number;
  close(): Promise<void>;
}> {
  const missing = new Set<string>();
  const asked = new Map<string, number>();
  const names = new Map<string, { displayName: string; avatarUrl: string | null }>();
  let down = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (url.pathname === '/internal/user-profiles') {
      res.setHeader('content-type', 'application/json');
      if (down) {
        res.statusCode = 503;
        res.end(JSON.stringify({ code: 'X', message: 'down', requestId: 'x' }));
        return;
      }
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      const items = ids
        .filter((id) => !missing.has(id))
        .map((id) => ({
          id,
          ...(names.get(id) ?? { displayName: stubDisplayName(id), avatarUrl: null }),
        }));
      res.end(JSON.stringify({ items }));
      return;
    }
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
    name: (userId, displayName, avatarUrl = null) =>
      void names.set(userId, { displayName, avatarUrl }),
    profilesDown: (d) => void (down = d),
    suspend: (userId) => void missing.add(userId),
    asked: (userId) => asked.get(userId) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
