import { Injectable } from '@nestjs/common';
import { AuditLogRepository } from '../../audit/persistence/audit-log.repository';
import { DeadLetterSources } from '../dead-letter-sources';

export interface DeadLetterRef {
  service: string;
  consumer: string;
  eventId: string;
}

/**
 * Replays or discards one dead letter in its service, then records it in the audit log (the
 * service's change commits there first; a failed call leaves no audit entry).
 */
@Injectable()
export class DeadLetterActions {
  constructor(
    private readonly sources: DeadLetterSources,
    private readonly audit: AuditLogRepository,
  ) {}

  async replay(ref: DeadLetterRef, adminId: string, token: string): Promise<{ replayed: true }> {
    await this.sources.replay(ref.service, ref.consumer, ref.eventId, token);
    await this.record('dead_letter.replayed', ref, adminId);
    return { replayed: true };
  }

  async discard(ref: DeadLetterRef, adminId: string, token: string): Promise<void> {
    await this.sources.discard(ref.service, ref.consumer, ref.eventId, token);
    await this.record('dead_letter.discarded', ref, adminId);
  }

  private record(action: string, ref: DeadLetterRef, adminId: string): Promise<void> {
    return this.audit.append(null, {
      actorId: adminId,
      action,
      targetType: 'dead_letter',
      targetId: `${ref.service}/${ref.consumer}/${ref.eventId}`,
      details: { ...ref },
    });
  }
}
