import { Inject, Injectable } from '@nestjs/common';
import { type PayoutAccountView, type PayoutOnboardingResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.port';
import { JobRepository } from '../domain/job-repository.port';
import { OrderRepository } from '../domain/order-repository.port';
import { paymentsUnreachable } from '../domain/order.errors';
import { PayoutAccountRepository } from '../domain/payout-account-repository.port';
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

  account(sellerId: string): Promise<PayoutAccountView> {
    return this.uow.read(async (tx) => {
      const row = await this.accounts.findBySeller(tx, sellerId);
      const totals = await this.orders.sellerTotals(tx, sellerId);
      return { status: row?.status ?? 'not_started', provider: this.payments.name, ...totals };
    });
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
        };
        const account = row;
        await this.uow.transaction(async (tx) => {
          await this.accounts.upsert(tx, account);
          if (created.status === 'complete') await this.jobs.wakeTransfers(tx, seller.id);
        });
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
      return { account: await this.account(seller.id), url };
    } catch (err) {
      if ((err as { code?: string })?.code?.startsWith('ORDERS.')) throw err;
      throw paymentsUnreachable();
    }
  }
}
