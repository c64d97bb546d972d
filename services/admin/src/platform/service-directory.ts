import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@loadout/errors';
import { ADMIN_CONFIG, type AdminConfig } from '../admin.config';

/** The services the admin service calls, and their base URLs (unset = not reachable). */
export const PLATFORM_SERVICES = [
  'identity',
  'listings',
  'orders',
  'messaging',
  'notifications',
  'fields',
  'admin',
] as const;
export type PlatformService = (typeof PLATFORM_SERVICES)[number];

export interface ServiceAnswer<T> {
  status: number;
  body: T | null;
}

const TIMEOUT_MS = 5_000;

const unavailable = (service: string) =>
  new AppError(
    'ADMIN.SERVICE_UNAVAILABLE',
    `The ${service} service cannot be reached right now. Please try again later.`,
    'unavailable',
  );

/**
 * Calls another service over HTTP with the acting admin's token (each service checks the role
 * itself). A timeout or a connection failure is a 503 in the house shape, never a 500.
 */
@Injectable()
export class ServiceDirectory {
  constructor(@Inject(ADMIN_CONFIG) private readonly config: AdminConfig) {}

  urlOf(service: Exclude<PlatformService, 'admin'>): string | undefined {
    const key = `${service.toUpperCase()}_URL` as keyof AdminConfig;
    return this.config[key] as string | undefined;
  }

  async call<T>(
    service: Exclude<PlatformService, 'admin'>,
    path: string,
    init: { method?: string; token?: string; json?: unknown } = {},
  ): Promise<ServiceAnswer<T>> {
    const base = this.urlOf(service);
    if (!base) throw unavailable(service);
    const headers: Record<string, string> = {};
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable(service);
    }
    const text = await res.text();
    let body: T | null = null;
    try {
      body = text ? (JSON.parse(text) as T) : null;
    } catch {
      body = null;
    }
    if (res.status >= 500) throw unavailable(service);
    return { status: res.status, body };
  }
}
