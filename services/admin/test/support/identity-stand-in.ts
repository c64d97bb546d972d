import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IdentityCall {
  method: string;
  userId: string;
  token: string;
  body: Record<string, unknown>;
}

export interface IdentityStandIn {
  url: string;
  /** Username → user id of the profiles it knows. */
  users: Map<string, string>;
  /** Suspension calls received (POST suspend, DELETE reinstate). */
  calls: IdentityCall[];
  /** Answer the next suspension with this status (e.g. 409 for an admin account). */
  refuseNextWith: number | null;
  close(): Promise<void>;
}

/**
 * Identity's routes the admin service calls (a public profile, the admin suspension routes),
 * over real HTTP so the admin service's client and error mapping run unchanged.
 */
export async function startIdentityStandIn(): Promise<IdentityStandIn> {
  const state: Omit<IdentityStandIn, 'url' | 'close'> = {
    users: new Map(),
    calls: [],
    refuseNextWith: null,
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const url = req.url ?? '';
      const profile = /^\/api\/v1\/users\/([^/?]+)$/.exec(url)?.[1];
      if (profile && req.method === 'GET') {
        const id = state.users.get(decodeURIComponent(profile));
        res.statusCode = id ? 200 : 404;
        res.end(
          JSON.stringify(id ? { id, username: profile } : { code: 'IDENTITY.USER_NOT_FOUND' }),
        );
        return;
      }
      const suspension = /^\/api\/v1\/admin\/users\/([^/?]+)\/suspension$/.exec(url)?.[1];
      if (suspension && (req.method === 'POST' || req.method === 'DELETE')) {
        const body = JSON.parse(raw || '{}') as Record<string, unknown>;
        state.calls.push({
          method: req.method,
          userId: decodeURIComponent(suspension),
          token: String(req.headers['authorization'] ?? '').replace(/^Bearer /, ''),
          body,
        });
        if (state.refuseNextWith) {
          res.statusCode = state.refuseNextWith;
          state.refuseNextWith = null;
          res.end(JSON.stringify({ code: 'IDENTITY.CANNOT_SUSPEND_ADMIN', message: 'admin' }));
          return;
        }
        const until =
          body['duration'] === 'permanent'
            ? null
            : new Date(Date.now() + 7 * 86_400_000).toISOString();
        res.statusCode = req.method === 'POST' ? 201 : 200;
        res.end(
          JSON.stringify({
            id: suspension,
            suspension: req.method === 'POST' ? { since: new Date().toISOString(), until } : null,
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
