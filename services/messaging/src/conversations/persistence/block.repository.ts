import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { BlockEntity } from './block.entity';

/** Blocks between users, for `TypeOrmConversationRepository`, on the manager it is given. */
@Injectable()
export class BlockRepository {
  /** Idempotent: blocking twice keeps one row. */
  async block(manager: EntityManager, blockerId: string, blockedId: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(BlockEntity)
      .values({ blockerId, blockedId })
      .orIgnore()
      .execute();
  }

  async unblock(manager: EntityManager, blockerId: string, blockedId: string): Promise<void> {
    await manager.delete(BlockEntity, { blockerId, blockedId });
  }

  /** Every block the user made or received (a user blocks few people). */
  involving(manager: EntityManager, userId: string): Promise<BlockEntity[]> {
    return manager
      .getRepository(BlockEntity)
      .find({ where: [{ blockerId: userId }, { blockedId: userId }] });
  }
}
