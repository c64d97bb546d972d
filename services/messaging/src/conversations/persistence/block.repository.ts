import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { BlockEntity } from './block.entity';

@Injectable()
export class BlockRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Idempotent: blocking twice keeps one row. */
  async block(blockerId: string, blockedId: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(BlockEntity)
      .values({ blockerId, blockedId })
      .orIgnore()
      .execute();
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.dataSource.getRepository(BlockEntity).delete({ blockerId, blockedId });
  }

  /** Blocks in either direction between the two users. */
  between(a: string, b: string, manager: EntityManager = this.dataSource.manager) {
    return manager.find(BlockEntity, {
      where: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    });
  }

  /** Every block the user made or received (a user blocks few people). */
  involving(userId: string) {
    return this.dataSource
      .getRepository(BlockEntity)
      .find({ where: [{ blockerId: userId }, { blockedId: userId }] });
  }
}
