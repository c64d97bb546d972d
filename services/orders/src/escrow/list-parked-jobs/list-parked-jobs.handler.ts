import { Injectable } from '@nestjs/common';
import { type ParkedJobListResponse } from '@loadout/contracts';
import { validationError } from '@loadout/errors';
import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';
import { PaymentEventRepository } from '../domain/payment-event-repository.port';
import { PARKED_EVENT_PREFIX } from './parked-ids';

/**
 * Jobs and payment events that exhausted their attempts, oldest parked first, for the admin
 * area. A payment event is listed as kind `payment_event:<type>` with id `event-<id>` (the
 * retry and discard routes take either); an account's event has no order (`orderId` '').
 */
@Injectable()
export class ListParkedJobsHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: JobRepository,
    private readonly events: PaymentEventRepository,
  ) {}

  async list(limit: string | undefined): Promise<ParkedJobListResponse> {
    const n = limit === undefined ? 50 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 200)
      throw validationError('COMMON.VALIDATION_FAILED', 'limit must be an integer from 1 to 200.');
    const [jobs, events] = await this.uow.read((tx) =>
      Promise.all([this.jobs.listParked(tx, n), this.events.listParked(tx, n)]),
    );
    const items = [
      ...jobs.map((j) => ({
        id: j.id,
        orderId: j.orderId,
        kind: j.kind as string,
        attempts: j.attempts,
        lastError: j.lastError,
        parkedAt: j.parkedAt,
        createdAt: j.createdAt,
      })),
      ...events.map((e) => ({
        id: `${PARKED_EVENT_PREFIX}${e.id}`,
        orderId: e.orderId ?? '',
        kind: `payment_event:${e.type}`,
        attempts: e.attempts,
        lastError: e.lastError,
        parkedAt: e.parkedAt,
        createdAt: e.createdAt,
      })),
    ]
      .sort((a, b) => a.parkedAt.getTime() - b.parkedAt.getTime())
      .slice(0, n);
    return {
      items: items.map((i) => ({
        ...i,
        parkedAt: i.parkedAt.toISOString(),
        createdAt: i.createdAt.toISOString(),
      })),
    };
  }
}
