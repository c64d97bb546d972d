import { Inject, Injectable } from '@nestjs/common';
import { type ExportService } from '@loadout/contracts';
import { InternalHttpClient } from '@loadout/http';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';

/** The services identity calls for the GDPR self-service (not itself). */
export type OtherService = Exclude<ExportService, 'identity'>;

export type ServiceAnswer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; reason: 'not_configured' | 'unreachable' | 'bad_answer'; status?: number };

const TIMEOUT_MS = 10_000;

/**
 * Calls another service's `/internal/…` route with the caller's own access token (each
 * service checks that the token's subject is the user asked about). Never throws for a
 * service that is down: the caller decides what a missing answer means.
 */
/** What the shared client throws when a service cannot be reached (mapped to `unreachable`). */
class Unreachable extends Error {}

@Injectable()
export class PlatformServices {
  private readonly clients = new Map<OtherService, InternalHttpClient>();

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  urlOf(service: OtherService): string | undefined {
    const urls: Record<OtherService, string | undefined> = {
      listings: this.config.LISTINGS_URL,
      orders: this.config.ORDERS_URL,
      messaging: this.config.MESSAGING_URL,
      notifications: this.config.NOTIFICATIONS_URL,
      admin: this.config.ADMIN_URL,
    };
    return urls[service];
  }

  async get<T>(service: OtherService, path: string, token: string): Promise<ServiceAnswer<T>> {
    const client = this.client(service);
    if (!client.configured) return { ok: false, reason: 'not_configured' };
    try {
      const res = await client.call<T>(path, { bearer: token });
      if (res.status !== 200 || res.body === null)
        return { ok: false, reason: 'bad_answer', status: res.status };
      return { ok: true, status: res.status, body: res.body };
    } catch (err) {
      if (err instanceof Unreachable) return { ok: false, reason: 'unreachable' };
      throw err;
    }
  }

  private client(service: OtherService): InternalHttpClient {
    let client = this.clients.get(service);
    if (!client) {
      client = new InternalHttpClient({
        baseUrl: this.urlOf(service),
        timeoutMs: TIMEOUT_MS,
        unavailable: () => new Unreachable(service),
      });
      this.clients.set(service, client);
    }
    return client;
  }
}

/** The bearer token of a request (the caller's, forwarded as is). */
export function bearerOf(headers: Record<string, unknown>): string {
  const h = headers['authorization'];
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7) : '';
}
