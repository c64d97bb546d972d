import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DeadLetterSourceDto } from '@loadout/contracts';
import { AppError, notFoundError } from '@loadout/errors';
import { DeadLetterStore, isEventId } from '@loadout/service-kit';
import { ADMIN_SCHEMA } from '../admin.config';
import {
  PLATFORM_SERVICES,
  ServiceDirectory,
  type PlatformService,
} from '../platform/service-directory';

const isPlatformService = (s: string): s is PlatformService =>
  (PLATFORM_SERVICES as readonly string[]).includes(s);

const deadLetterNotFound = () =>
  notFoundError('ADMIN.DEAD_LETTER_NOT_FOUND', 'No such dead letter (replayed or discarded?).');

/**
 * Every service's `internal/dead-letters` (service kit), called with the admin's token; the
 * admin service's own are read from its schema directly.
 */
@Injectable()
export class DeadLetterSources {
  private readonly own: DeadLetterStore;

  constructor(
    private readonly services: ServiceDirectory,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.own = new DeadLetterStore(dataSource, ADMIN_SCHEMA);
  }

  /** One entry per service; a service that does not answer is listed as unavailable. */
  async list(token: string): Promise<DeadLetterSourceDto[]> {
    return Promise.all(
      PLATFORM_SERVICES.map(async (service): Promise<DeadLetterSourceDto> => {
        if (service === 'admin') return { service, status: 'ok', items: await this.own.list(100) };
        try {
          const res = await this.services.call<{ items: DeadLetterSourceDto['items'] }>(
            service,
            '/internal/dead-letters?limit=100',
            { token },
          );
          if (res.status === 200 && res.body)
            return { service, status: 'ok', items: res.body.items };
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
        return { service, status: 'unavailable', items: [] };
      }),
    );
  }

  async replay(service: string, consumer: string, eventId: string, token: string): Promise<void> {
    if (service === 'admin') return this.local(this.own.replay(consumer, eventId), eventId);
    await this.send(service, `${this.path(consumer, eventId)}/replay`, 'POST', token);
  }

  async discard(service: string, consumer: string, eventId: string, token: string): Promise<void> {
    if (service === 'admin') return this.local(this.own.discard(consumer, eventId), eventId);
    await this.send(service, this.path(consumer, eventId), 'DELETE', token);
  }

  private async local(done: Promise<boolean>, eventId: string): Promise<void> {
    if (!isEventId(eventId) || !(await done)) throw deadLetterNotFound();
  }

  private path(consumer: string, eventId: string): string {
    return `/internal/dead-letters/${encodeURIComponent(consumer)}/${encodeURIComponent(eventId)}`;
  }

  private async send(service: string, path: string, method: string, token: string): Promise<void> {
    if (!isPlatformService(service) || service === 'admin') throw deadLetterNotFound();
    const res = await this.services.call(service, path, { method, token });
    if (res.status === 404) throw deadLetterNotFound();
    if (res.status >= 300)
      throw new AppError(
        'ADMIN.ACTION_REFUSED',
        `The ${service} service refused (${res.status}).`,
        'conflict',
      );
  }
}
