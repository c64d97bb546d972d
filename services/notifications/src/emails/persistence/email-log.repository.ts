import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { newId } from '@loadout/db';
import { EmailLogEntity, type EmailStatus } from './email-log.entity';

export interface EmailLogEntry {
  to: string | null;
  template: string;
  eventId: string | null;
  status: EmailStatus;
}

/** `email_log`: one row per email sent, skipped or failed (never its body or links). */
@Injectable()
export class EmailLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records in `tx` (commits with the consumer's inbox row). */
  async record(tx: EntityManager, entry: EmailLogEntry): Promise<void> {
    await tx.getRepository(EmailLogEntity).insert({ id: newId(), ...entry });
  }

  /** Records on its own, outside any transaction (a failure whose transaction rolls back). */
  recordAlone(entry: EmailLogEntry): Promise<void> {
    return this.record(this.dataSource.manager, entry);
  }
}
