import { Injectable } from '@nestjs/common';
import { type ParkedJobListResponse, type ParkedJobSourceDto } from '@loadout/contracts';
import { AppError, notFoundError } from '@loadout/errors';
import { ServiceDirectory } from '../platform/service-directory';

const parkedJobNotFound = () =>
  notFoundError('ADMIN.PARKED_JOB_NOT_FOUND', 'No such parked job (retried or discarded?).');

/**
 * Orders' parked jobs (`internal/jobs/parked`, issue 23 scenario 7), called with the admin's
 * token: orders checks the role itself.
 */
@Injectable()
export class OrdersParkedJobs {
  constructor(private readonly services: ServiceDirectory) {}

  /** Orders that does not answer is reported as unavailable, like a dead-letter source. */
  async list(token: string): Promise<ParkedJobSourceDto> {
    try {
      const res = await this.services.call<ParkedJobListResponse>(
        'orders',
        '/internal/jobs/parked?limit=200',
        { token },
      );
      if (res.status === 200 && res.body)
        return { service: 'orders', status: 'ok', items: res.body.items };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    return { service: 'orders', status: 'unavailable', items: [] };
  }

  async retry(id: string, token: string): Promise<void> {
    await this.send(`${this.path(id)}/retry`, 'POST', token);
  }

  async discard(id: string, token: string): Promise<void> {
    await this.send(this.path(id), 'DELETE', token);
  }

  private path(id: string): string {
    if (!/^[0-9]{1,18}$/.test(id)) throw parkedJobNotFound();
    return `/internal/jobs/parked/${id}`;
  }

  private async send(path: string, method: string, token: string): Promise<void> {
    const res = await this.services.call('orders', path, { method, token });
    if (res.status === 404) throw parkedJobNotFound();
    if (res.status >= 300)
      throw new AppError(
        'ADMIN.ACTION_REFUSED',
        `The orders service refused (${res.status}).`,
        'conflict',
      );
  }
}
