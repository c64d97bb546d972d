import { Inject, Injectable } from '@nestjs/common';
import { type ExportService } from '@loadout/contracts';
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
@Injectable()
export class PlatformServices {
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
    const base = this.urlOf(service);
    if (!base) return { ok: false, reason: 'not_configured' };
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { ok: false, reason: 'unreachable' };
    }
    const text = await res.text();
    if (res.status !== 200) return { ok: false, reason: 'bad_answer', status: res.status };
    try {
      return { ok: true, status: res.status, body: JSON.parse(text) as T };
    } catch {
      return { ok: false, reason: 'bad_answer', status: res.status };
    }
  }
}

/** The bearer token of a request (the caller's, forwarded as is). */
export function bearerOf(headers: Record<string, unknown>): string {
  const h = headers['authorization'];
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7) : '';
}
