import { Inject, Injectable } from '@nestjs/common';
import {
  type PayoutAccountStatus,
  type PayoutAccountView,
  type PayoutOnboardingResponse,
} from '@loadout/contracts';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.port';
import { paymentsUnreachable } from '../domain/order.errors';
import { JobRepository } from '../persistence/job.repository';
import { OrderRepository } from '../persistence/order.repository';
import { PayoutAccountRepository } from '../persistence/payout-account.repository';
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
    private readonly accounts: PayoutAccountRepository,
    private readonly orders: OrderRepository,
    private readonly jobs: JobRepository,
    private readonly worker: OrdersWorker,
  ) {}

  async account(sellerId: string): Promise<PayoutAccountView> {
    const [row, totals] = await Promise.all([
      this.accounts.findBySeller(sellerId),
      this.orders.sellerTotals(sellerId),
    ]);
    return {
      status: (row?.status as PayoutAccountStatus | undefined) ?? 'not_started',
      provider: this.payments.name,
      ...totals,
    };
  }

  async onboard(seller: { id: string; email: string | null }): Promise<PayoutOnboardingResponse> {
    let row = await this.accounts.findBySeller(seller.id);
    try {
      if (!row) {
        const created = await this.payments.createPayoutAccount({
          userId: seller.id,
          email: seller.email ?? undefined,
        });
        await this.accounts.transaction(async (tx) => {
          await this.accounts.upsert(tx, {
            sellerId: seller.id,
            provider: this.payments.name,
            accountId: created.accountId,
            status: created.status,
          });
          if (created.status === 'complete') await this.jobs.wakeTransfers(tx, seller.id);
        });
        row = await this.accounts.findBySeller(seller.id);
      }
      const base = this.config.PUBLIC_URL.replace(/\/$/, '');
      const url =
        row && row.status !== 'complete'
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
