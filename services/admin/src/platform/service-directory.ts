import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@loadout/errors';
import { type InternalCall, InternalHttpClient } from '@loadout/http';
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
  private readonly clients = new Map<string, InternalHttpClient>();

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
    const res = await this.client(service).call<T>(path, {
      method: (init.method ?? 'GET') as InternalCall['method'],
      bearer: init.token,
      json: init.json,
    });
    if (res.status >= 500) throw unavailable(service);
    return { status: res.status, body: res.body };
  }

  private client(service: Exclude<PlatformService, 'admin'>): InternalHttpClient {
    let client = this.clients.get(service);
    if (!client) {
      client = new InternalHttpClient({
        baseUrl: this.urlOf(service),
        unavailable: () => unavailable(service),
      });
      this.clients.set(service, client);
    }
    return client;
  }
}
