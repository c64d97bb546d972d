import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '@loadout/auth';
import { type DeletionBlockers } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { deletionBlockers, notYourData } from '../domain/privacy-rules';
import { OrdersPrivacyRepository } from '../persistence/privacy.repository';

/**
 * What stops the caller deleting their account (ADR 0039), asked by identity with the user's
 * own token before it erases anything: orders holding money, waiting for payment or a payout,
 * disputed, and running offers. Outside `/api/v1`; only for the token's subject.
 */
@ApiExcludeController()
@Authenticated()
@Controller('internal/users')
export class DeletionBlockersController {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly privacy: OrdersPrivacyRepository,
  ) {}

  @Get(':id/deletion-blockers')
  async blockers(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
  ): Promise<DeletionBlockers> {
    if (id !== user.id) throw notYourData();
    const facts = await this.uow.read((tx) => this.privacy.blockerFacts(tx, id));
    return { items: deletionBlockers(facts.orders, facts.offers) };
  }
}
