import { Injectable } from '@nestjs/common';
import { entityColumns, selectListOf } from '@loadout/db';
import { sqlOf, type Tx } from '@loadout/service-kit';
import {
  type PaymentsProvider,
  type PayoutAccountState,
} from '../../payments/payment-provider.port';
import {
  PayoutAccountRepository,
  type PayoutFailure,
  type StoredPayoutAccount,
} from '../domain/payout-account-repository.port';
import { PayoutAccountEntity } from './payout-account.entity';

const toAccount = (e: PayoutAccountEntity): StoredPayoutAccount => ({
  sellerId: e.sellerId,
  provider: e.provider as PaymentsProvider,
  accountId: e.accountId,
  status: e.status as PayoutAccountState,
  statusAt: e.statusAt,
  payoutFailure:
    e.payoutFailureCode && e.payoutFailedAt
      ? { code: e.payoutFailureCode, amountCents: e.payoutFailedCents ?? 0, at: e.payoutFailedAt }
      : null,
  payoutPaidAt: e.payoutPaidAt,
});

const SELECT = `SELECT ${selectListOf(entityColumns(PayoutAccountEntity), 'a')}
  FROM orders.payout_accounts a`;

@Injectable()
export class SqlPayoutAccountRepository extends PayoutAccountRepository {
  async findBySeller(tx: Tx, sellerId: string): Promise<StoredPayoutAccount | null> {
    const [e] = await sqlOf(tx)<PayoutAccountEntity>(`${SELECT} WHERE a."seller_id" = $1`, [
      sellerId,
    ]);
    return e ? toAccount(e) : null;
  }

  async lockByAccountId(tx: Tx, accountId: string): Promise<StoredPayoutAccount | null> {
    const [e] = await sqlOf(tx)<PayoutAccountEntity>(
      `${SELECT} WHERE a."account_id" = $1 FOR UPDATE`,
      [accountId],
    );
    return e ? toAccount(e) : null;
  }

  async recordPayoutFailure(tx: Tx, accountId: string, f: PayoutFailure): Promise<void> {
    await sqlOf(tx)(
      `UPDATE orders.payout_accounts
          SET payout_failure_code = $2, payout_failed_cents = $3, payout_failed_at = $4,
              updated_at = now()
        WHERE account_id = $1`,
      [accountId, f.code.slice(0, 60), f.amountCents, f.at],
    );
  }

  async recordPayoutPaid(
    tx: Tx,
    accountId: string,
    paid: { at: Date; clearFailure: boolean },
  ): Promise<void> {
    await sqlOf(tx)(
      paid.clearFailure
        ? `UPDATE orders.payout_accounts
              SET payout_paid_at = $2, payout_failure_code = NULL, payout_failed_cents = NULL,
                  payout_failed_at = NULL, updated_at = now()
            WHERE account_id = $1`
        : `UPDATE orders.payout_accounts SET payout_paid_at = $2, updated_at = now()
            WHERE account_id = $1`,
      [accountId, paid.at],
    );
  }

  async upsert(tx: Tx, a: StoredPayoutAccount): Promise<void> {
    await sqlOf(tx)(
      `INSERT INTO orders.payout_accounts (seller_id, provider, account_id, status, status_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (seller_id) DO UPDATE
         SET provider = EXCLUDED.provider, account_id = EXCLUDED.account_id,
             status = EXCLUDED.status, status_at = EXCLUDED.status_at, updated_at = now()`,
      [a.sellerId, a.provider, a.accountId, a.status, a.statusAt],
    );
  }
}
