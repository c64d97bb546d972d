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

  check(): Promise<LedgerCheckView> {
    return this.uow.read((tx) => this.ledger.check(tx));
  }
}
