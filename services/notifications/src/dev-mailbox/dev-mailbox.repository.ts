import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DevMailboxMessageEntity } from '../mail/dev-mailbox-message.entity';

/** Reads what DevMailboxSender stored. */
@Injectable()
export class DevMailboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first; `to` matches the address case-insensitively. */
  latest(filter: { to?: string }, limit: number): Promise<DevMailboxMessageEntity[]> {
    const qb = this.dataSource.getRepository(DevMailboxMessageEntity).createQueryBuilder('m');
    if (filter.to) qb.where('lower(m.to) = lower(:to)', { to: filter.to.trim() });
    return qb.orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC').limit(limit).getMany();
  }

  async clear(): Promise<void> {
    await this.dataSource.getRepository(DevMailboxMessageEntity).clear();
  }
}
