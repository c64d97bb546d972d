import { Injectable } from '@nestjs/common';
import { type ParkedJobListResponse } from '@loadout/contracts';
import { validationError } from '@loadout/errors';
import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';

/** Jobs that exhausted their attempts, oldest parked first, for the admin area. */
@Injectable()
export class ListParkedJobsHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: JobRepository,
  ) {}

  async list(limit: string | undefined): Promise<ParkedJobListResponse> {
    const n = limit === undefined ? 50 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 200)
      throw validationError('COMMON.VALIDATION_FAILED', 'limit must be an integer from 1 to 200.');
    const rows = await this.uow.read((tx) => this.jobs.listParked(tx, n));
    return {
      items: rows.map((j) => ({
        id: j.id,
        orderId: j.orderId,
        kind: j.kind,
        attempts: j.attempts,
        lastError: j.lastError,
        parkedAt: j.parkedAt.toISOString(),
        createdAt: j.createdAt.toISOString(),
      })),
    };
  }
}
