import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { PayoutAccountEntity } from './payout-account.entity';

@Injectable()
export class PayoutAccountRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  findBySeller(sellerId: string, tx?: EntityManager): Promise<PayoutAccountEntity | null> {
    return (tx ?? this.dataSource.manager).findOne(PayoutAccountEntity, { where: { sellerId } });
  }

  findByAccountId(accountId: string, tx: EntityManager): Promise<PayoutAccountEntity | null> {
    return tx.findOne(PayoutAccountEntity, {
      where: { accountId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async upsert(
    tx: EntityManager,
    a: { sellerId: string; provider: string; accountId: string; status: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO orders.payout_accounts (seller_id, provider, account_id, status)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (seller_id) DO UPDATE
         SET provider = EXCLUDED.provider, account_id = EXCLUDED.account_id,
             status = EXCLUDED.status, updated_at = now()`,
      [a.sellerId, a.provider, a.accountId, a.status],
    );
  }
}
