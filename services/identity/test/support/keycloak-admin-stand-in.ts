import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/**
 * A real HTTP server speaking the part of Keycloak's wire format identity uses, for tests that
 * cannot start a Keycloak: the realm's token endpoint (client credentials, form-encoded, JSON
 * `{ access_token, expires_in, token_type }`, 401 `{ error: "unauthorized_client" }` for a
 * wrong secret) and the admin API's `DELETE /admin/realms/{realm}/users/{id}` (204; 404
 * `{ error: "User not found" }`; 401 without a valid bearer token). It also answers orders'
 * `internal/users/{id}/deletion-blockers` with no blockers, so one server plays both for the
 * deletion journey. `down` makes the Keycloak routes answer 503 (Keycloak restarting).
 */
export class KeycloakAdminStandIn {
  readonly users = new Set<string>();
  readonly deleted: string[] = [];
  readonly tokenRequests: Record<string, string>[] = [];
  down = false;
  private readonly tokens = new Set<string>();
  private server!: Server;
  url = '';

  constructor(
    readonly realm: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy());
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Forgets every issued token (a realm re-imported): the next call gets a 401. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const realm = encodeURIComponent(this.realm);
    if (/^\/internal\/users\/[^/]+\/deletion-blockers$/.test(url.pathname))
      return send(200, { items: [] });
    if (this.down) return send(503);
    if (
      req.method === 'POST' &&
      url.pathname === `/realms/${realm}/protocol/openid-connect/token`
    ) {
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded')
        return send(400, { error: 'invalid_request' });
      const form = Object.fromEntries(new URLSearchParams(raw));
      this.tokenRequests.push(form);
      if (form['grant_type'] !== 'client_credentials')
        return send(400, { error: 'unsupported_grant_type' });
      if (form['client_id'] !== this.clientId || form['client_secret'] !== this.clientSecret)
        return send(401, {
          error: 'unauthorized_client',
          error_description: 'Invalid client or Invalid client credentials',
        });
      const token = randomUUID();
      this.tokens.add(token);
      return send(200, {
        access_token: token,
        expires_in: 300,
        refresh_expires_in: 0,
        token_type: 'Bearer',
        'not-before-policy': 0,
        scope: 'profile email',
      });
    }
    const m = new RegExp(`^/admin/realms/${realm}/users/([^/]+)$`).exec(url.pathname);
    if (req.method === 'DELETE' && m) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !this.tokens.has(bearer)) return send(401, { error: 'HTTP 401 Unauthorized' });
      const id = decodeURIComponent(m[1]!);
      if (!this.users.delete(id)) return send(404, { error: 'User not found' });
      this.deleted.push(id);
      return send(204);
    }
    return send(404, { error: 'Unable to find matching target resource method' });
  }
}
