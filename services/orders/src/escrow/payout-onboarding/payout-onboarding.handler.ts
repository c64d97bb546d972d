import { Inject, Injectable } from '@nestjs/common';
import { type PayoutAccountView, type PayoutOnboardingResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.port';
import { JobRepository } from '../domain/job-repository.port';
import { OrderRepository } from '../domain/order-repository.port';
import { paymentsUnreachable } from '../domain/order.errors';
import {
  isNewerSnapshot,
  PayoutAccountRepository,
  type StoredPayoutAccount,
} from '../domain/payout-account-repository.port';
import { OrdersWorker } from '../run-deadlines/orders-worker';

/**
 * Seller payout onboarding (Stripe Connect Express, or the simulated processor where it
 * completes at once). A seller can sell before onboarding; releases wait until it completes.
 */
@Injectable()
export class PayoutOnboardingHandler {
  constructor(
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly uow: UnitOfWork,
    private readonly accounts: PayoutAccountRepository,
    private readonly orders: OrderRepository,
    private readonly jobs: JobRepository,
    private readonly worker: OrdersWorker,
  ) {}

  /**
   * The seller's payout account and totals. While onboarding is unfinished the account is
   * read again from the processor first (issue 23 sc. 8: the seller comes back from Stripe's
   * onboarding before, or without, its webhook); if it cannot be reached, the stored state.
   */
  async account(sellerId: string): Promise<PayoutAccountView> {
    const row = await this.uow.read((tx) => this.accounts.findBySeller(tx, sellerId));
    if (row && row.status !== 'complete' && row.provider === this.payments.name)
      await this.refresh(row).catch(() => undefined);
    return this.view(sellerId);
  }

  private view(sellerId: string): Promise<PayoutAccountView> {
    return this.uow.read(async (tx) => {
      const row = await this.accounts.findBySeller(tx, sellerId);
      const totals = await this.orders.sellerTotals(tx, sellerId);
      const failed = row?.payoutFailure;
      return {
        status: row?.status ?? 'not_started',
        provider: this.payments.name,
        ...totals,
        attention: failed
          ? {
              kind: 'payout_failed' as const,
              failureCode: failed.code,
              amountCents: failed.amountCents,
              failedAt: failed.at.toISOString(),
            }
          : null,
      };
    });
  }

  /**
   * Reads the account's state from the processor (no transaction open during the call), then
   * stores it unless a newer snapshot (a webhook read later) got there first.
   */
  private async refresh(row: StoredPayoutAccount): Promise<void> {
    const status = await this.payments.payoutAccountStatus(row.accountId);
    const observedAt = new Date();
    await this.uow.transaction(async (tx) => {
      const current = await this.accounts.lockByAccountId(tx, row.accountId);
      if (!current || !isNewerSnapshot(current, observedAt)) return;
      await this.accounts.upsert(tx, { ...current, status, statusAt: observedAt });
      if (status === 'complete' && current.status !== 'complete')
        await this.jobs.wakeTransfers(tx, current.sellerId);
    });
    if (status === 'complete') this.worker.wake();
  }

  async onboard(seller: { id: string; email: string | null }): Promise<PayoutOnboardingResponse> {
    let row = await this.uow.read((tx) => this.accounts.findBySeller(tx, seller.id));
    try {
      if (!row) {
        const created = await this.payments.createPayoutAccount({
          userId: seller.id,
          email: seller.email ?? undefined,
        });
        row = {
          sellerId: seller.id,
          provider: this.payments.name,
          accountId: created.accountId,
          status: created.status,
          statusAt: new Date(),
        };
        const account = row;
        await this.uow.transaction(async (tx) => {
          await this.accounts.upsert(tx, account);
          if (created.status === 'complete') await this.jobs.wakeTransfers(tx, seller.id);
        });
      } else if (row.status !== 'complete' && row.provider === this.payments.name) {
        // Back from onboarding: the account as Stripe has it now (issue 23 sc. 8).
        await this.refresh(row);
      }
      const base = this.config.PUBLIC_URL.replace(/\/$/, '');
      const url =
        row.status !== 'complete'
          ? await this.payments.onboardingLink({
              accountId: row.accountId,
              returnUrl: `${base}/seller-dashboard?onboarding=done`,
              refreshUrl: `${base}/seller-dashboard?onboarding=retry`,
            })
          : null;
      this.worker.wake();
      return { account: await this.view(seller.id), url };
    } catch (err) {
      if ((err as { code?: string })?.code?.startsWith('ORDERS.')) throw err;
      throw paymentsUnreachable();
    }
  }
}
