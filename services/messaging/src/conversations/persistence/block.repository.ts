import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { BlockEntity } from './block.entity';

@Injectable()
export class BlockRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Idempotent: blocking twice keeps one row. */
  async block(
    blockerId: string,
    blockedId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(BlockEntity)
      .values({ blockerId, blockedId })
      .orIgnore()
      .execute();
  }

  async unblock(
    blockerId: string,
    blockedId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.delete(BlockEntity, { blockerId, blockedId });
  }

  /** Every block the user made or received (a user blocks few people). */
  involving(userId: string) {
    return this.dataSource
      .getRepository(BlockEntity)
      .find({ where: [{ blockerId: userId }, { blockedId: userId }] });
  }
}
