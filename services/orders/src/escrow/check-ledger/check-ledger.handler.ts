import { Injectable } from '@nestjs/common';
import { type LedgerCheckView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { LedgerRepository } from '../domain/ledger-repository.port';

/** Proves the ledger: every order sums to zero, and held money equals what open orders hold. */
@Injectable()
export class CheckLedgerHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ledger: LedgerRepository,
  ) {}

  /**
   * One snapshot (REPEATABLE READ): with each query seeing its own moment, money moving between
   * them (a release leaving escrow) looked like a hole (issue 23 scenario 6).
   */
  check(): Promise<LedgerCheckView> {
    return this.uow.transaction((tx) => this.ledger.check(tx), { isolation: 'REPEATABLE READ' });
  }
}
