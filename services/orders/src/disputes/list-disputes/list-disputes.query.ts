import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type DisputesPage, type OrderRole } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { DisputeRepository } from '../domain/dispute-repository.port';
import { toDisputeView } from '../dispute-view';

/** The newest disputes a user is a party to. */
const LIMIT = 100;

@Injectable()
export class ListDisputesQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly disputes: DisputeRepository,
  ) {}

  list(user: AuthUser, role: OrderRole | undefined): Promise<DisputesPage> {
    return this.uow.read(async (tx) => ({
      items: (await this.disputes.listFor(tx, user.id, role ?? null, LIMIT)).map((d) =>
        toDisputeView(d),
      ),
    }));
  }
}
