import { Injectable } from '@nestjs/common';
import { AuditLogRepository } from '../audit/persistence/audit-log.repository';
import { OrdersParkedJobs } from './orders-parked-jobs';

/**
 * Retries or discards one of orders' parked jobs, then records it in the audit log (orders'
 * change commits there first; a refused call leaves no audit entry).
 */
@Injectable()
export class ParkedJobActions {
  constructor(
    private readonly orders: OrdersParkedJobs,
    private readonly audit: AuditLogRepository,
  ) {}

  async retry(id: string, adminId: string, token: string): Promise<{ retried: true }> {
    await this.orders.retry(id, token);
    await this.record('parked_job.retried', id, adminId);
    return { retried: true };
  }

  async discard(id: string, adminId: string, token: string): Promise<void> {
    await this.orders.discard(id, token);
    await this.record('parked_job.discarded', id, adminId);
  }

  private record(action: string, id: string, adminId: string): Promise<void> {
    return this.audit.append(null, {
      actorId: adminId,
      action,
      targetType: 'parked_job',
      targetId: `orders/${id}`,
      details: { service: 'orders', jobId: id },
    });
  }
}
