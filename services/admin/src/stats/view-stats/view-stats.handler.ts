import { Injectable } from '@nestjs/common';
import { type AdminStatsDto, type LedgerCheckView } from '@loadout/contracts';
import { AppError } from '@loadout/errors';
import { ServiceDirectory } from '../../platform/service-directory';
import { StatsRepository } from '../persistence/stats.repository';

/** The dashboard: the read model's figures plus the money held, from orders' ledger check. */
@Injectable()
export class ViewStatsHandler {
  constructor(
    private readonly stats: StatsRepository,
    private readonly services: ServiceDirectory,
  ) {}

  async view(token: string): Promise<AdminStatsDto> {
    const [figures, ledger] = await Promise.all([this.stats.figures(), this.ledger(token)]);
    return {
      users: { total: figures.usersTotal, newThisWeek: figures.usersNewThisWeek },
      listings: { active: figures.activeListings },
      orders: { byState: figures.ordersByState },
      money: {
        gmvThisMonthCents: figures.gmvThisMonthCents,
        feesThisMonthCents: figures.feesThisMonthCents,
        heldCents: ledger?.heldCents ?? null,
        ledgerOk: ledger?.ok ?? null,
      },
      reports: { open: figures.openCases },
      series: { signupsByDay: figures.signupsByDay, ordersByDay: figures.ordersByDay },
    };
  }

  /** Null when orders does not answer: the dashboard shows the rest. */
  private async ledger(token: string): Promise<LedgerCheckView | null> {
    if (!this.services.urlOf('orders')) return null;
    try {
      const res = await this.services.call<LedgerCheckView>(
        'orders',
        '/api/v1/admin/ledger/check',
        {
          token,
        },
      );
      return res.status === 200 ? res.body : null;
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }
}
